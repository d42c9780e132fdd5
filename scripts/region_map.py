"""The dossier's regional map data (share/map/region-50m.txt), written by scripts/generate-world-map.

Natural Earth 1:50m, quantised to hundredths of a degree (about 1 km; a regional map of 10° on
720 px draws a hundredth as 0.7 px) and simplified (Douglas-Peucker, within a hundredth), so the
binary carries it in about the size of the 1:110m world outline's SVG.

Three kinds of record, one a line, each `KIND minLon,minLat,maxLon,maxLat,lon,lat:DELTAS`
(integers in hundredths of a degree; the box lets a reader skip what lies outside its view):
- `L` a land ring (a country's polygon, closed; filled with the nonzero rule),
- `B` a country border (a line two countries share; coasts are the land's own outline),
- `S` a state or province border (a line two Admin 1 units share).
DELTAS are the steps from the first point to each next one, longitude then latitude: a step from
-46 to 46 is the one character chr(0x21 + 46 + step) ('!' to '}'); any other is `~`, the number
in decimal and a space. Sources/BountyReports/Render/RegionMapData.swift reads it.
"""

from collections import Counter

SCALE = 100  # hundredths of a degree
TOLERANCE = 1.0  # in those units: about 1 km
SMALL = 46


def quantised(ring):
    """The ring in whole hundredths, without repeated points."""
    points = []
    for lon, lat in ring:
        point = (round(lon * SCALE), round(lat * SCALE))
        if not points or points[-1] != point:
            points.append(point)
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()
    return points


def simplified(points, closed):
    """Douglas-Peucker within TOLERANCE; a closed ring keeps its two farthest-apart ends."""
    if len(points) < 3:
        return points
    if closed:
        points = points + [points[0]]

    def distance(p, a, b):
        (x, y), (x1, y1), (x2, y2) = p, a, b
        dx, dy = x2 - x1, y2 - y1
        if dx == 0 and dy == 0:
            return ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
        return abs(dy * x - dx * y + x2 * y1 - y2 * x1) / (dx * dx + dy * dy) ** 0.5

    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    if closed:  # a closed ring's ends are one point: keep the point farthest from it too
        far = max(range(len(points)), key=lambda i: (points[i][0] - points[0][0]) ** 2
                  + (points[i][1] - points[0][1]) ** 2)
        keep[far] = True
        stack = [(0, far), (far, len(points) - 1)]
    else:
        stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        best, index = 0.0, None
        for i in range(first + 1, last):
            d = distance(points[i], points[first], points[last])
            if d > best:
                best, index = d, i
        if index is not None and best > TOLERANCE:
            keep[index] = True
            stack += [(first, index), (index, last)]
    result = [p for p, k in zip(points, keep) if k]
    return result[:-1] if closed else result


def shared_lines(rings):
    """The edges two rings share (borders, not coasts), chained into lines."""
    count = Counter()
    for ring in rings:
        for a, b in zip(ring, ring[1:] + ring[:1]):
            if a != b:
                count[frozenset((a, b))] += 1
    shared = {edge for edge, n in count.items() if n >= 2}
    neighbours = {}
    for edge in shared:
        a, b = tuple(edge)
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    used = set()
    lines = []
    # Start at ends and junctions first, then whatever loops remain.
    starts = [p for p, n in neighbours.items() if len(n) != 2] + list(neighbours)
    for start in starts:
        for nxt in neighbours[start]:
            edge = frozenset((start, nxt))
            if edge in used:
                continue
            line = [start]
            previous, current = start, nxt
            used.add(edge)
            while True:
                line.append(current)
                if len(neighbours[current]) != 2:
                    break
                following = [p for p in neighbours[current] if p != previous]
                if not following:
                    break
                step = frozenset((current, following[0]))
                if step in used:
                    break
                used.add(step)
                previous, current = current, following[0]
            lines.append(line)
    return lines


def record(kind, points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    head = f"{kind}{min(xs)},{min(ys)},{max(xs)},{max(ys)},{points[0][0]},{points[0][1]}:"
    body = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for step in (x1 - x0, y1 - y0):
            body.append(chr(0x21 + SMALL + step) if -SMALL <= step <= SMALL else f"~{step} ")
    return head + "".join(body)


def encode(countries, states):
    """The file's text, from the (lon, lat) rings of the 1:50m countries and states."""
    country_rings = [quantised(r) for r in countries]
    state_rings = [quantised(r) for r in states]
    lines = [
        "# bounty's regional map, written by scripts/generate-world-map (scripts/region_map.py"
        " says the format).",
        "# Source: Natural Earth 1:50m Admin 0 countries and Admin 1 states and provinces"
        " (public domain,",
        "# https://www.naturalearthdata.com/about/terms-of-use/), as shipped by Debian's"
        " r-cran-rnaturalearthdata 0.1.0 (CC0).",
    ]
    for ring in country_rings:
        ring = simplified(ring, closed=True)
        if len(ring) >= 3:
            lines.append(record("L", ring))
    for kind, rings in (("B", country_rings), ("S", state_rings)):
        for line in shared_lines(rings):
            line = simplified(line, closed=line[0] == line[-1] and len(line) > 3)
            if len(line) >= 2:
                lines.append(record(kind, line))
    return "\n".join(lines) + "\n"
