#!/usr/bin/env python3
"""Turns package-benchmark's JMH export into the markdown table of Benchmarks/run.

Benchmark names are '<set>.<scenario>.n<lookups per pass>.<router>'. For each set and scenario the table
shows, per router, the median time of one lookup (the median wall clock of one pass over the
requests, divided by their number), its ratio to routing-kit in the same run, and the mallocs of
one lookup."""
import glob, json, os, re, sys, platform, datetime

ROUTERS = ["urlrouter-pcre2", "urlrouter-pcre2-borrowed", "urlrouter-foundation", "routing-kit", "hummingbird-trie", "hummingbird-responder"]
NAME = re.compile(r"^(?P<set>[^.]+)\.(?P<scenario>[^.]+)\.n(?P<n>\d+)\.(?P<router>[^.]+)$")

def to_ns(value, unit):
    return value * {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}.get(unit, 1)

def main(paths):
    rows = {}
    for path in paths:
        for element in json.load(open(path)):
            name = element["benchmark"].split(".", 3)[-1]  # package.benchmark.TARGET.NAME
            match = NAME.match(name)
            if not match:
                continue
            metrics = dict(element.get("secondaryMetrics") or {})
            wall = metrics.get("Time (wall clock)")
            if wall is None:
                continue
            key = (match["set"], match["scenario"], int(match["n"]))
            entry = rows.setdefault(key, {})
            median = wall["scorePercentiles"].get("50.0", wall["score"])
            mallocs = None
            for metric_name, metric in metrics.items():
                if metric_name.lower().startswith("malloc") and "total" in metric_name.lower():
                    mallocs = metric["scorePercentiles"].get("50.0", metric["score"])
            entry[match["router"]] = (to_ns(median, wall["scoreUnit"]), mallocs)
    date = datetime.date.today().isoformat()
    cpu = platform.processor() or "cpu"
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    cpu += f", {os.cpu_count()} cores"
    print(f"Measured {date} on {platform.machine()} {platform.system()} ({cpu}), "
          "one `Benchmarks/run`; times are medians per lookup (a pass looks up the next 100 of the "
          "scenario's requests, or all of them when fewer), ratios against routing-kit in the same run (higher is faster), mallocs per "
          "lookup (p50). build: registering and compiling all routes, once per pass.\n")
    print("| set | scenario | " + " | ".join(ROUTERS) + " |")
    print("|---|---|" + "---:|" * len(ROUTERS))
    for (set_name, scenario, n), entry in sorted(rows.items(), key=lambda item: (item[0][1] == "build", item[0])):
        baseline = entry.get("routing-kit", (None, None))[0]
        cells = []
        for router in ROUTERS:
            if router not in entry:
                cells.append("–")
                continue
            total_ns, mallocs = entry[router]
            per = total_ns / n
            text = f"{per / 1e6:.1f} ms" if scenario == "build" else (f"{per:.0f} ns" if per < 10000 else f"{per / 1000:.1f} µs")
            if baseline and router != "routing-kit":
                text += f" ({baseline / total_ns:.1f}x)"
            if mallocs is not None and scenario != "build":
                text += f", {mallocs / n:.1f} mallocs"
            elif mallocs is not None:
                text += f", {mallocs:.0f} mallocs"
            cells.append(text)
        label = f"{scenario} ({n} lookups/pass)" if scenario != "build" else "build the router"
        print(f"| {set_name} | {label} | " + " | ".join(cells) + " |")

if __name__ == "__main__":
    main(sys.argv[1:] or glob.glob("results/*.json"))
