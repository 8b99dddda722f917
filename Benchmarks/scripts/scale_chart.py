#!/usr/bin/env python3
"""Draws Benchmarks/scale's chart (SVG, standard library only) and prints its figures as a table.

    scale_chart.py RESULTS.jsonl OUT.svg --date D --machine M --command C

RESULTS.jsonl holds `urlrouter bench --json` lines. Three panels against the table's routes (log
scale): lookup time (borrowed, owning, the bare PCRE2 calls), build time (registering and
compiling), and bytes per route; synthetic tables as lines, the real route sets as points; the
targets of issue 30 dashed.
"""
import argparse
import json
import math
from xml.sax.saxutils import escape

parser = argparse.ArgumentParser()
parser.add_argument("results")
parser.add_argument("out")
parser.add_argument("--date", required=True)
parser.add_argument("--machine", required=True)
parser.add_argument("--command", required=True)
args = parser.parse_args()

rows = [json.loads(line) for line in open(args.results) if line.strip()]
if not rows:
    raise SystemExit(f"error: {args.results} holds no results")
synthetic = sorted((r for r in rows if r["set"].startswith("synthetic")), key=lambda r: r["routes"])
real = sorted((r for r in rows if not r["set"].startswith("synthetic")), key=lambda r: r["routes"])
by_size = {r["routes"]: r for r in synthetic}

SERIES = [  # (field, label, colour)
    ("borrowed_ns_median", "borrowed lookup", "#1f77b4"),
    ("ns_per_lookup_median", "owning lookup", "#ff7f0e"),
    ("raw_match_ns_median", "bare PCRE2 calls", "#7f7f7f"),
]
WIDTH, HEIGHT = 1150, 430
PANEL_W, PANEL_H = 280, 250
TOP, LEFT0, GAP = 90, 80, 370

out = []


def text(x, y, s, size=12, anchor="start", weight="normal", fill="#222"):
    out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
               f'font-weight="{weight}" fill="{fill}">{escape(s)}</text>')


def panel(index, title, unit, series, log_y, target=None):
    """series: [(label, colour, points [(routes, value)], dashed_points_only)]"""
    left = LEFT0 + index * GAP
    xs = [p[0] for _, _, points, _ in series for p in points]
    ys = [p[1] for _, _, points, _ in series for p in points if p[1] is not None]
    if target:
        ys.append(target[0])
    x_lo, x_hi = 10, 10 ** math.ceil(math.log10(max(xs)))
    if log_y:
        y_lo = 10 ** math.floor(math.log10(min(y for y in ys if y > 0)))
        y_hi = 10 ** math.ceil(math.log10(max(ys)))
    else:
        y_lo = 0
        step = 10 ** math.floor(math.log10(max(ys)))
        y_hi = math.ceil(max(ys) * 1.1 / step) * step

    def px(x):
        return left + PANEL_W * (math.log10(x) - math.log10(x_lo)) / (math.log10(x_hi) - math.log10(x_lo))

    def py(y):
        if log_y:
            f = (math.log10(y) - math.log10(y_lo)) / (math.log10(y_hi) - math.log10(y_lo))
        else:
            f = (y - y_lo) / (y_hi - y_lo)
        return TOP + PANEL_H * (1 - f)

    text(left + PANEL_W / 2, TOP - 14, title, 14, "middle", "bold")
    out.append(f'<rect x="{left}" y="{TOP}" width="{PANEL_W}" height="{PANEL_H}" fill="none" stroke="#999"/>')
    decade = x_lo
    while decade <= x_hi:
        x = px(decade)
        out.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + PANEL_H}" stroke="#eee"/>')
        text(x, TOP + PANEL_H + 16, f"{decade:,}", 11, "middle")
        decade *= 10
    text(left + PANEL_W / 2, TOP + PANEL_H + 34, "routes in the table", 12, "middle")
    if log_y:
        ticks, tick = [], y_lo
        while tick <= y_hi:
            ticks.append(tick)
            tick *= 10
    else:
        ticks = [y_lo + (y_hi - y_lo) * i / 5 for i in range(6)]
    for tick in ticks:
        y = py(tick)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + PANEL_W}" y2="{y:.1f}" stroke="#eee"/>')
        text(left - 6, y + 4, f"{tick:,.0f}" if tick >= 1 else f"{tick:g}", 11, "end")
    text(left - 52, TOP + PANEL_H / 2, unit, 12, "middle")
    out[-1] = out[-1].replace("<text ", f'<text transform="rotate(-90 {left - 52} {TOP + PANEL_H / 2})" ', 1)
    if target:
        value, label = target
        y = py(value)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + PANEL_W}" y2="{y:.1f}" stroke="#d62728" '
                   f'stroke-dasharray="6 4"/>')
        text(left + 4, y - 5, label, 11, "start", fill="#d62728")
    legend_y = TOP + PANEL_H + 52
    lines = [entry for entry in series if not entry[3]]
    for label, colour, points, points_only in series:
        points = [(x, y) for x, y in points if y is not None]
        if not points_only and len(points) > 1:
            path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for x, y in points:
            if points_only:
                out.append(f'<rect x="{px(x) - 4:.1f}" y="{py(y) - 4:.1f}" width="8" height="8" fill="none" '
                           f'stroke="{colour}" stroke-width="1.5"/>')
            else:
                out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3.5" fill="{colour}"/>')
        if not points_only and len(lines) > 1:
            lx = left + lines.index((label, colour, points, points_only)) * 112
            out.append(f'<line x1="{lx}" y1="{legend_y}" x2="{lx + 16}" y2="{legend_y}" stroke="{colour}" '
                       f'stroke-width="2"/>')
            text(lx + 20, legend_y + 4, label, 10)


def points(rows, field):
    return [(r["routes"], r.get(field)) for r in rows]


lookup = []
for field, label, colour in SERIES:
    lookup.append((label, colour, points(synthetic, field), False))
    lookup.append((label, colour, points(real, field), True))
base = by_size.get(1000)
panel(0, "Time per lookup", "ns (median of runs)", lookup, False,
      (2 * base["borrowed_ns_median"], "target at 100,000: 2x borrowed at 1,000") if base else None)
panel(1, "Build (register + compile)", "ms", [
    ("build", "#2ca02c", points(synthetic, "build_ms"), False),
    ("build", "#2ca02c", points(real, "build_ms"), True)], True, (1000, "target at 100,000: 1,000 ms"))
panel(2, "Memory the table holds", "bytes per route", [
    ("bytes", "#9467bd", points(synthetic, "bytes_per_route"), False),
    ("bytes", "#9467bd", points(real, "bytes_per_route"), True)], False, (1024, "target: 1,024 bytes"))

header = [
    f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
    f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="Helvetica, Arial, sans-serif">',
    f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
]
title = []
out_saved, out = out, title
text(20, 22, "URLRouter, PCRE2 backend: what a table costs against its size", 15, weight="bold")
text(20, 40, "lines: synthetic tables of 1,000, 10,000 and 100,000 routes, measured side by side; squares: the real sets "
     + ", ".join(f'{r["set"]} ({r["routes"]})' for r in real), 11, fill="#333")
text(20, 55, f"{args.date} · {args.machine} · {args.command}", 11, fill="#555")
out = out_saved
open(args.out, "w").write("\n".join(header + title + out + ["</svg>", ""]))

print("| set | routes | borrowed ns | owning ns | bare PCRE2 ns | build ms | bytes/route | patterns |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for r in synthetic + real:
    raw = r.get("raw_match_ns_median")
    print(f'| {r["set"]} | {r["routes"]:,} | {r["borrowed_ns_median"]:.0f} | {r["ns_per_lookup_median"]:.0f} | '
          f'{"-" if raw is None else f"{raw:.0f}"} | {r["build_ms"]:,.0f} | {r["bytes_per_route"]:,.0f} | '
          f'{r.get("patterns", "-")} |')
if base and 100000 in by_size:
    top = by_size[100000]
    ratio = top["borrowed_ns_median"] / base["borrowed_ns_median"]
    print(f'\nAt 100,000 routes: build {top["build_ms"]:,.0f} ms (target 1,000), '
          f'{top["bytes_per_route"]:,.0f} bytes per route (target 1,024), borrowed lookup {ratio:.2f}x its time '
          f'at 1,000 routes (target 2x). Chart: {args.out}')
