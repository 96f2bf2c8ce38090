#!/usr/bin/env python3
"""Turns a benchmark run into BENCHMARKS.md tables and the lookup plot.

Usage (from Benchmarks/):
  swift package --disable-sandbox benchmark --no-progress --time-units nanoseconds --format jmh --path results
  python3 scripts/report.py results/Current_run.jmh.json > results/tables.md   # also writes plots/lookup.svg

JMH values of metrics that use the scaling factor cover `scalingFactor` iterations; the
benchmarks' names and their factors are listed below, so every figure printed is per operation.
"""
import json, math, os, re, sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
data_dir = os.environ.get("SWITCHYARD_BENCH_DATA", os.path.join(root, ".generated"))
SIZES = [10, 100, 1000, 10000]


def scaling(name):
    n = int(re.search(r"N=(\d+)", name).group(1))
    if name.startswith("Linear scan N="):
        return 1 if n >= 1000 else 1000
    if "register" in name or "RouteTableFile" in name or "memory" in name:
        return 1
    return 1000


def load(path):
    results = {}
    for element in json.load(open(path)):
        name = re.sub(r"^package\.benchmark\.[A-Za-z]+\.", "", element["benchmark"]).replace("_", " ")
        metrics = {"throughput": element["primaryMetric"]}
        metrics.update(element.get("secondaryMetrics") or {})
        f = scaling(name)
        out = {}
        for key, metric in metrics.items():
            p50 = metric["scorePercentiles"]["50.0"]
            if key.startswith("Time"):
                out["ns"] = p50 * 1000 / f          # JMH reports μs
            elif key.startswith("Malloc (total)"):
                out["mallocs"] = p50 / f
            elif key.startswith("Instructions"):
                out["instructions"] = p50 / f
        results[name] = out
    return results


def mean_segments(n):
    with open(os.path.join(data_dir, "urls_%d.txt" % n)) as f:
        urls = [line.strip() for line in f if line.strip()]
    return sum(len([s for s in u[len("myapp://"):].split("/") if s]) for u in urls) / len(urls)


def fmt_ns(ns):
    if ns >= 1e6:
        return "%.2f ms" % (ns / 1e6)
    if ns >= 1e3:
        return "%.2f µs" % (ns / 1e3)
    return "%.0f ns" % ns


def main():
    r = load(sys.argv[1])
    matchers = [("Switchyard URL string", "Switchyard, from the URL string"),
                ("Switchyard query+percent", "Switchyard, query + percent-encoded"),
                ("RoutingKit pre-split", "routing-kit TrieRouter, pre-split path"),
                ("RoutingKit split timed", "routing-kit TrieRouter, split timed"),
                ("Linear scan", "linear scan (Compass/URLNavigator family)")]
    print("### Lookup (median per lookup; mallocs per lookup)\n")
    print("| matcher | " + " | ".join("%d routes" % n for n in SIZES) + " | mallocs/lookup at 10,000 |")
    print("| --- | " + " | ".join("---:" for _ in SIZES) + " | ---: |")
    for key, label in matchers:
        cells = [fmt_ns(r["%s N=%d" % (key, n)]["ns"]) for n in SIZES]
        print("| %s | %s | %.2f |" % (label, " | ".join(cells), r["%s N=10000" % key].get("mallocs", float("nan"))))
    print()
    segs = {n: mean_segments(n) for n in SIZES}
    sw = {n: r["Switchyard URL string N=%d" % n]["ns"] for n in SIZES}
    rk = r["RoutingKit pre-split N=10000"]["ns"]
    print("### Targets\n")
    print("| target | measured | verdict |")
    print("| --- | --- | --- |")
    ratio = sw[10000] / rk
    print("| lookup at 10,000 from the URL string ≤ 1/4 of routing-kit pre-split | %s vs %s = %.2f× | %s |"
          % (fmt_ns(sw[10000]), fmt_ns(rk), ratio, "met" if ratio <= 0.25 else "missed (%.1f× over)" % (ratio / 0.25)))
    per10, per10k = sw[10] / segs[10], sw[10000] / segs[10000]
    g = per10k / per10
    print("| per segment, 10,000 routes ≤ 1.3× 10 routes | %.0f ns/segment (%.2f seg) vs %.0f ns/segment (%.2f seg) = %.2f× | %s |"
          % (per10k, segs[10000], per10, segs[10], g, "met" if g <= 1.3 else "missed"))
    reg_sw = r["Switchyard register N=10000"]["ns"]
    reg_rk = r["RoutingKit register N=10000"]["ns"]
    reg_rkp = r["RoutingKit register pre-parsed N=10000"]["ns"]
    q = reg_sw / reg_rk
    print("| registration of 10,000 ≤ 1/5 of routing-kit | %s vs %s (from strings; %s pre-parsed) = %.2f× | %s |"
          % (fmt_ns(reg_sw), fmt_ns(reg_rk), fmt_ns(reg_rkp), q, "met" if q <= 0.2 else "missed (%.1f× over)" % (q / 0.2)))
    # The harness adds ~16 mallocs per 1,000-lookup sample: round to whole allocations per lookup.
    st = round(r["Switchyard static route N=10000"]["mallocs"])
    one = round(r["Switchyard one-parameter route N=10000"]["mallocs"])
    print("| allocations per lookup: ≤ 2 one-parameter, 0 static | %.0f one-parameter, %.0f static | %s |"
          % (one, st, "met" if one <= 2 and st == 0 else "one-parameter %s, static %s" % ("met" if one <= 2 else "missed", "met" if st == 0 else "missed")))
    print()
    print("### Registration (building the router from N patterns, median)\n")
    print("| router | " + " | ".join("%d routes" % n for n in SIZES) + " |")
    print("| --- | " + " | ".join("---:" for _ in SIZES) + " |")
    for key, label in [("Switchyard register", "Switchyard `RouteTable(patterns)`"),
                       ("RoutingKit register", "routing-kit, parsing the pattern strings"),
                       ("RoutingKit register pre-parsed", "routing-kit, components parsed beforehand")]:
        print("| %s | %s |" % (label, " | ".join(fmt_ns(r["%s N=%d" % (key, n)]["ns"]) for n in SIZES)))
    print()
    print("### Link building and route-table file (median)\n")
    print("| operation | time | mallocs |")
    print("| --- | ---: | ---: |")
    for name in ["Switchyard url(for:) N=10", "Switchyard url(for:) N=10000", "RouteTableFile.parse N=10000",
                 "RouteTableFile.load N=10000", "RouteTableFile.load + compile N=10000",
                 "Switchyard static route N=10000", "Switchyard one-parameter route N=10000"]:
        if name in r:
            print("| %s | %s | %.2f |" % (name, fmt_ns(r[name]["ns"]), r[name].get("mallocs", float("nan"))))
    print()
    plot(r, matchers)


def plot(r, matchers):
    """A hand-written SVG: lookup time against route count, both axes logarithmic."""
    W, H, L, R, T, B = 820, 460, 80, 310, 30, 60
    xs = [math.log10(n) for n in SIZES]
    values = [r["%s N=%d" % (k, n)]["ns"] for k, _ in matchers for n in SIZES]
    lo = math.floor(math.log10(min(values))); hi = math.ceil(math.log10(max(values)))
    def px(n): return L + (math.log10(n) - 1) / 3 * (W - L - R)
    def py(v): return T + (hi - math.log10(v)) / (hi - lo) * (H - T - B)
    colours = ["#d62728", "#ff7f0e", "#1f77b4", "#17becf", "#7f7f7f"]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">' % (W, H),
           '<rect width="100%" height="100%" fill="white"/>']
    for e in range(lo, hi + 1):
        y = py(10 ** e)
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (L, W - R, y, y))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (L - 6, y + 4, fmt_ns(10 ** e)))
    for n in SIZES:
        x = px(n)
        out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#ddd"/>' % (x, x, T, H - B))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x, H - B + 18, format(n, ",")))
    out.append('<text x="%d" y="%d" text-anchor="middle">routes in the table (log scale)</text>' % ((L + W - R) / 2, H - 15))
    out.append('<text transform="translate(18,%d) rotate(-90)" text-anchor="middle">median time per lookup (log scale)</text>' % ((T + H - B) / 2))
    for i, (key, label) in enumerate(matchers):
        pts = [(px(n), py(r["%s N=%d" % (key, n)]["ns"])) for n in SIZES]
        out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>' % (colours[i], " ".join("%.1f,%.1f" % p for p in pts)))
        for x, y in pts:
            out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>' % (x, y, colours[i]))
        ly = T + 10 + i * 20
        out.append('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="2"/>' % (W - R + 15, W - R + 35, ly, ly, colours[i]))
        out.append('<text x="%d" y="%d">%s</text>' % (W - R + 40, ly + 4, label.replace("&", "&amp;")))
    out.append("</svg>")
    with open(os.path.join(root, "plots", "lookup.svg"), "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
