"""Summarizes Benchmarks/http/run's rounds: one JSON line per server (its median round by
requests per second), then, unless --json was given, a table with each URLRouter server's ratio
to its framework's own router and, when profiled, the share of CPU samples spent routing."""

import json
import re
import statistics
import sys
from pathlib import Path

SERVERS = ["hummingbird", "urlrouter-hummingbird", "vapor", "urlrouter-vapor"]
BASELINE = {"urlrouter-hummingbird": "hummingbird", "urlrouter-vapor": "vapor"}
# The routing steps of each server, by mangled symbol. For each pattern the largest inclusive share
# among the matching symbols is the outermost call; the steps of a server are added up. Vapor's
# getRoute reads the request's path (URI.path) itself, so URLRouter's responder is charged for
# reading it too; Hummingbird reads the path before its trie runs, and URLRouter's responder reads
# the request head's, so neither is charged for it.
ROUTING = {
    "hummingbird": [r"^\$s11Hummingbird10RouterTrieC7resolve"],
    "urlrouter-hummingbird": [r"^\$s9URLRouter10RouteTableV9withMatch6method3url8variants"],
    "vapor": [r"^\$s5Vapor16DefaultResponderV8getRoute"],
    "urlrouter-vapor": [r"^\$s9URLRouter10RouteTableV9withMatch6method3url8variants", r"^\$s5Vapor3URIV4pathSSvg$"],
}
LINE = re.compile(r"^\s*([0-9.]+)%\s+([0-9.]+)%\s+\[\.\]\s+(\S+)")


def routing_share(report: Path, server: str):
    """The inclusive share (percent of the server's samples) of its routing step, or None."""
    if not report.exists():
        return None
    lines = [m for m in map(LINE.match, report.read_text().splitlines()) if m]
    total = 0.0
    for step in ROUTING[server]:
        pattern = re.compile(step)
        shares = [float(m.group(1)) for m in lines if pattern.search(m.group(3))]
        if not shares:
            return None
        total += max(shares)
    return round(total, 2)


def main() -> None:
    rounds_file, work, json_only, duration, rounds, connections, profiled, pinning = sys.argv[1:9]
    by_server = {name: [] for name in SERVERS}
    for line in Path(rounds_file).read_text().splitlines():
        run = json.loads(line)
        run["requests_per_s"] = run["requests"] / (run["duration_us"] / 1e6)
        by_server[run["server"]].append(run)
    # Each round ran a URLRouter server right after its framework's own router: the ratio within a
    # round is the fair one.
    paired = {name: sorted(ours["requests_per_s"] / theirs["requests_per_s"]
                           for ours, theirs in zip(by_server[name], by_server[baseline]))
              for name, baseline in BASELINE.items()}
    results = {}
    for name in SERVERS:
        runs = sorted(by_server[name], key=lambda run: run["requests_per_s"])
        median = runs[len(runs) // 2]
        result = {
            "server": name,
            "requests_per_s": round(median["requests_per_s"]),
            "p50_ms": round(median["p50_us"] / 1000, 3),
            "p99_ms": round(median["p99_us"] / 1000, 3),
            "non_2xx": sum(run["non_2xx"] for run in runs),
            "errors": sum(run["errors"] for run in runs),
            "rounds_requests_per_s": [round(run["requests_per_s"]) for run in by_server[name]],
        }
        if name in paired:
            result["ratio_to_own_router"] = round(statistics.median(paired[name]), 3)
        if profiled == "1":
            result["routing_cpu_share"] = routing_share(Path(work) / f"{name}.report", name)
        results[name] = result
        print(json.dumps(result))
    if json_only == "1":
        return
    print()
    print(f"GitHub API, 203 routes; wrk -t1 -c{connections}, {duration} s per server and round, "
          f"{rounds} rounds alternated; {pinning}. req/s, p50, p99: the median round; vs own router: the median "
          f"(and range) of the ratios within a round; non-2xx (status >= 400) and errors: all rounds")
    header = ["server", "req/s", "vs own router, by round", "p50 ms", "p99 ms", "non-2xx", "errors"]
    if profiled == "1":
        header.append("CPU routing")
    rows = []
    for name in SERVERS:
        result = results[name]
        ratio = ""
        if name in paired:
            ratios = paired[name]
            ratio = f"{result['ratio_to_own_router']:.3f}x ({ratios[0]:.2f}-{ratios[-1]:.2f})"
        row = [name, f"{result['requests_per_s']:,}", ratio, f"{result['p50_ms']:.2f}",
               f"{result['p99_ms']:.2f}", str(result["non_2xx"]), str(result["errors"])]
        if profiled == "1":
            share = result["routing_cpu_share"]
            row.append("n/a" if share is None else f"{share:.1f}%")
        rows.append(row)
    widths = [max(len(row[i]) for row in rows + [header]) for i in range(len(header))]
    for row in [header] + rows:
        print("  ".join(cell.ljust(width) if i == 0 else cell.rjust(width)
                        for i, (cell, width) in enumerate(zip(row, widths))))


if __name__ == "__main__":
    main()
