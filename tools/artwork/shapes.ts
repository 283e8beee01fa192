/**
 * Drawing primitives for the site's flat artwork: a seeded random source (so every run draws the same
 * picture), the brand palette, a paper grain, and shapes for landscapes and table scenes.
 */
import { PALETTE } from "../../common/brand";

/** The brand's colours (common/brand.ts) and the few the pictures add: sage, wood, beet, apple, clay, mist. */
export const C = {
  forest950: PALETTE["forest-950"],
  forest900: PALETTE["forest-900"],
  forest800: PALETTE["forest-800"],
  forest700: PALETTE["forest-700"],
  forest600: PALETTE["forest-600"],
  forest500: PALETTE["forest-500"],
  sage400: "#6f9a6c",
  sage300: "#9bbb8c",
  sage200: "#c7d8b0",
  ember700: PALETTE["ember-700"],
  ember600: PALETTE["ember-600"],
  ember500: PALETTE["ember-500"],
  ember400: PALETTE["ember-400"],
  ember300: PALETTE["ember-300"],
  ember200: PALETTE["ember-200"],
  cream50: PALETTE["cream-50"],
  cream100: PALETTE["cream-100"],
  cream200: PALETTE["cream-200"],
  cream300: PALETTE["cream-300"],
  bark900: PALETTE["bark-900"],
  bark800: PALETTE["bark-800"],
  bark700: PALETTE["bark-700"],
  bark500: PALETTE["bark-500"],
  bark400: PALETTE["bark-400"],
  wood: "#6b4a30",
  beet: "#8e2c48",
  beetDark: "#5e1a30",
  apple: "#b8452f",
  terracotta: "#b8643a",
  mist: "#dfe6d2",
} as const;

/** mulberry32: small, fast, seeded. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + (max - min) * next(),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}
export type Rng = ReturnType<typeof rng>;

const f = (n: number) => Math.round(n * 10) / 10;

export function svgDocument(width: number, height: number, body: string, defs = ""): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${defs}${grainFilter()}</defs>
${body}
<rect width="${width}" height="${height}" fill="#000" filter="url(#grain)" opacity="0.55"/>
</svg>`;
}

/** A fine paper grain over the whole picture, so flat colour reads as print rather than vector. */
function grainFilter(): string {
  return `<filter id="grain" x="0" y="0" width="100%" height="100%">
  <feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="7"/>
  <feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.32 0"/>
</filter>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>
<filter id="softer" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>`;
}

export const linear = (id: string, stops: [number, string][], x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("")}</linearGradient>`;
export const radial = (id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
    .join("")}</radialGradient>`;

/* ---------- Landscape ---------- */

/** A range of hills: a smooth ridge line around `baseY`, closed to the bottom of the picture. */
export function ridge(
  width: number,
  height: number,
  baseY: number,
  amplitude: number,
  waves: number,
  seed: number,
  fill: string,
): string {
  const r = rng(seed);
  const phases = [r.range(0, 6.28), r.range(0, 6.28), r.range(0, 6.28)];
  const steps = 48;
  const points: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const x = (width * i) / steps;
    const t = (i / steps) * Math.PI * 2;
    const y =
      baseY -
      amplitude *
        (0.6 * Math.sin(t * waves * 0.5 + phases[0]) +
          0.3 * Math.sin(t * waves + phases[1]) +
          0.1 * Math.sin(t * waves * 2.3 + phases[2]));
    points.push([x, y]);
  }
  return `<path d="${smoothPath(points)} L${width} ${height} L0 ${height} Z" fill="${fill}"/>`;
}

/** Catmull-Rom through the points, as cubic Béziers. */
export function smoothPath(points: [number, number][]): string {
  let d = `M${f(points[0][0])} ${f(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

/** A path that narrows with distance: a ribbon along a smooth centre line, from `startWidth` to `endWidth`. */
export function taperedRibbon(points: [number, number][], startWidth: number, endWidth: number, fill: string): string {
  const samples: [number, number][] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    for (let step = 0; step < 12; step++) {
      const t = step / 12;
      const t2 = t * t;
      const t3 = t2 * t;
      const at = (a: number, b: number, c: number, d: number) =>
        0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      samples.push([at(p0[0], p1[0], p2[0], p3[0]), at(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  samples.push(points[points.length - 1]);
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  samples.forEach(([x, y], i) => {
    const [nx, ny] = samples[Math.min(samples.length - 1, i + 1)];
    const [px, py] = samples[Math.max(0, i - 1)];
    const dx = nx - px;
    const dy = ny - py;
    const len = Math.hypot(dx, dy) || 1;
    const half = (startWidth + (endWidth - startWidth) * (i / (samples.length - 1))) / 2;
    left.push([x - (dy / len) * half, y + (dx / len) * half]);
    right.push([x + (dy / len) * half, y - (dx / len) * half]);
  });
  const outline = [...left, ...right.reverse()];
  return `<path d="M${outline.map(([x, y]) => `${f(x)} ${f(y)}`).join(" L")} Z" fill="${fill}"/>`;
}

/** The y of a ridge at x is not tracked; callers place trees on their own baseline. */
export function pine(x: number, baseY: number, h: number, fill: string, shade?: string): string {
  const w = h * 0.42;
  const trunk = `<rect x="${f(x - h * 0.025)}" y="${f(baseY - h * 0.08)}" width="${f(h * 0.05)}" height="${f(h * 0.1)}" fill="${C.bark800}"/>`;
  const tiers = [0, 0.28, 0.52].map((o, i) => {
    const top = baseY - h + h * o * 0.9;
    const bottom = baseY - h * 0.06 - (2 - i) * h * 0.0;
    const half = w * (0.55 + o * 0.75) * 0.5;
    return `<path d="M${f(x)} ${f(top)} L${f(x + half)} ${f(bottom - (2 - i) * h * 0.18)} L${f(x - half)} ${f(bottom - (2 - i) * h * 0.18)} Z" fill="${fill}"/>`;
  });
  const light = shade
    ? `<path d="M${f(x)} ${f(baseY - h)} L${f(x + w * 0.5)} ${f(baseY - h * 0.06)} L${f(x)} ${f(baseY - h * 0.06)} Z" fill="${shade}" opacity="0.35"/>`
    : "";
  return trunk + tiers.join("") + light;
}

export function roundTree(x: number, baseY: number, h: number, fill: string, highlight: string): string {
  const r = h * 0.34;
  return (
    `<rect x="${f(x - h * 0.03)}" y="${f(baseY - h * 0.42)}" width="${f(h * 0.06)}" height="${f(h * 0.42)}" fill="${C.bark800}"/>` +
    `<circle cx="${f(x)}" cy="${f(baseY - h + r)}" r="${f(r)}" fill="${fill}"/>` +
    `<path d="M${f(x)} ${f(baseY - h)} A${f(r)} ${f(r)} 0 0 1 ${f(x)} ${f(baseY - h + 2 * r)} Z" fill="${highlight}" opacity="0.35"/>`
  );
}

export function sun(cx: number, cy: number, r: number, color: string, glow: string): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r * 3.2}" fill="${glow}" opacity="0.18"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 2}" fill="${glow}" opacity="0.25"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>`
  );
}

export function bird(x: number, y: number, s: number, color: string): string {
  return `<path d="M${f(x - s)} ${f(y - s * 0.3)} Q${f(x - s * 0.5)} ${f(y - s * 0.6)} ${f(x)} ${f(y)} Q${f(x + s * 0.5)} ${f(y - s * 0.6)} ${f(x + s)} ${f(y - s * 0.3)}" fill="none" stroke="${color}" stroke-width="${f(s * 0.18)}" stroke-linecap="round"/>`;
}

/** Rows of a ploughed or sown field in perspective, between two y values. */
export function fieldRows(
  x0: number,
  x1: number,
  yTop: number,
  yBottom: number,
  rows: number,
  color: string,
  opacity = 0.35,
): string {
  let out = "";
  for (let i = 1; i <= rows; i++) {
    const t = i / rows;
    const y = yTop + (yBottom - yTop) * t * t;
    out += `<path d="M${x0} ${f(y)} Q${f((x0 + x1) / 2)} ${f(y - 14 * t)} ${x1} ${f(y)}" fill="none" stroke="${color}" stroke-width="${f(2 + 5 * t)}" opacity="${opacity}"/>`;
  }
  return out;
}

/* ---------- Table ---------- */

/** A round bowl seen from above, with a soft shadow to the lower right. */
export function bowl(cx: number, cy: number, r: number, rim: string, inner: string, content = ""): string {
  const clip = `bowl-${Math.round(cx)}-${Math.round(cy)}`;
  return `<circle cx="${f(cx + r * 0.08)}" cy="${f(cy + r * 0.12)}" r="${f(r * 1.02)}" fill="#000" opacity="0.28" filter="url(#soft)"/>
<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${rim}"/>
<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.82)}" fill="#000" opacity="0.12"/>
<clipPath id="${clip}"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.8)}"/></clipPath>
<g clip-path="url(#${clip})"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.8)}" fill="${inner}"/>${content}
<circle cx="${f(cx - r * 0.2)}" cy="${f(cy - r * 0.25)}" r="${f(r * 0.9)}" fill="#fff" opacity="0.06"/></g>
<path d="M${f(cx - r * 0.92)} ${f(cy - r * 0.1)} A${f(r * 0.93)} ${f(r * 0.93)} 0 0 1 ${f(cx + r * 0.1)} ${f(cy - r * 0.92)}" fill="none" stroke="#fff" stroke-width="${f(r * 0.04)}" opacity="0.35" stroke-linecap="round"/>`;
}

export function plate(cx: number, cy: number, rx: number, ry: number, color: string): string {
  return `<ellipse cx="${f(cx + rx * 0.06)}" cy="${f(cy + ry * 0.1)}" rx="${f(rx)}" ry="${f(ry)}" fill="#000" opacity="0.28" filter="url(#soft)"/>
<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${color}"/>
<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx * 0.78)}" ry="${f(ry * 0.78)}" fill="#000" opacity="0.05"/>
<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx * 0.76)}" ry="${f(ry * 0.76)}" fill="${color}"/>`;
}

/** A wooden spoon or similar long utensil, rotated by `angle` degrees around its bowl. */
export function spoon(x: number, y: number, length: number, angle: number, color: string): string {
  const w = length * 0.16;
  return `<g transform="rotate(${angle} ${f(x)} ${f(y)})">
<ellipse cx="${f(x + 10)}" cy="${f(y + 14)}" rx="${f(w)}" ry="${f(w * 1.35)}" fill="#000" opacity="0.25" filter="url(#softer)"/>
<rect x="${f(x + 8 - w * 0.16)}" y="${f(y + 14)}" width="${f(w * 0.32)}" height="${f(length)}" rx="${f(w * 0.16)}" fill="#000" opacity="0.22" filter="url(#softer)"/>
<rect x="${f(x - w * 0.16)}" y="${f(y)}" width="${f(w * 0.32)}" height="${f(length)}" rx="${f(w * 0.16)}" fill="${color}"/>
<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w)}" ry="${f(w * 1.35)}" fill="${color}"/>
<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w * 0.72)}" ry="${f(w * 1.05)}" fill="#000" opacity="0.12"/>
</g>`;
}

export function leaf(x: number, y: number, size: number, angle: number, fill: string, vein = true): string {
  const s = size;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">
<path d="M0 0 C${f(s * 0.35)} ${f(-s * 0.32)} ${f(s * 0.8)} ${f(-s * 0.25)} ${f(s)} 0 C${f(s * 0.8)} ${f(s * 0.25)} ${f(s * 0.35)} ${f(s * 0.32)} 0 0 Z" fill="${fill}"/>
${vein ? `<path d="M${f(s * 0.05)} 0 L${f(s * 0.85)} 0" stroke="#fff" stroke-opacity="0.25" stroke-width="${f(s * 0.03)}"/>` : ""}
</g>`;
}

/** A small herb sprig: a stem with paired leaves. */
export function sprig(x: number, y: number, length: number, angle: number, fill: string): string {
  let out = `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0 0 L${f(length)} 0" stroke="${fill}" stroke-width="${f(length * 0.03)}" stroke-linecap="round"/>`;
  for (let i = 1; i <= 4; i++) {
    const px = (length * i) / 5;
    const s = length * (0.34 - i * 0.04);
    out += leaf(px, 0, s, -40, fill, false) + leaf(px, 0, s, 40, fill, false);
  }
  return out + leaf(length, 0, length * 0.2, 0, fill, false) + "</g>";
}

/** Points spread evenly-ish inside a circle (for oats, lentils, herbs). */
export function scatterInCircle(r: Rng, cx: number, cy: number, radius: number, count: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const a = r.range(0, Math.PI * 2);
    const d = Math.sqrt(r.next()) * radius;
    out.push([cx + Math.cos(a) * d, cy + Math.sin(a) * d]);
  }
  return out;
}

export function walnut(x: number, y: number, s: number, angle: number): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">
<path d="M${f(-s)} 0 C${f(-s)} ${f(-s * 0.7)} ${f(-s * 0.45)} ${f(-s * 0.9)} 0 ${f(-s * 0.55)} C${f(s * 0.45)} ${f(-s * 0.9)} ${f(s)} ${f(-s * 0.7)} ${f(s)} 0 C${f(s)} ${f(s * 0.7)} ${f(s * 0.45)} ${f(s * 0.9)} 0 ${f(s * 0.55)} C${f(-s * 0.45)} ${f(s * 0.9)} ${f(-s)} ${f(s * 0.7)} ${f(-s)} 0 Z" fill="${C.bark400}"/>
<path d="M${f(-s * 0.7)} ${f(-s * 0.1)} Q${f(-s * 0.3)} ${f(-s * 0.45)} 0 ${f(-s * 0.05)} Q${f(s * 0.3)} ${f(-s * 0.45)} ${f(s * 0.7)} ${f(-s * 0.1)}" fill="none" stroke="${C.bark500}" stroke-width="${f(s * 0.12)}" stroke-linecap="round"/>
<path d="M${f(-s * 0.6)} ${f(s * 0.3)} Q${f(-s * 0.25)} ${f(s * 0.05)} 0 ${f(s * 0.3)} Q${f(s * 0.25)} ${f(s * 0.05)} ${f(s * 0.6)} ${f(s * 0.3)}" fill="none" stroke="${C.bark500}" stroke-width="${f(s * 0.1)}" stroke-linecap="round"/>
</g>`;
}

/** A thin apple wedge seen from above: red skin on the outside, pale flesh, a few pips. */
export function appleSlice(x: number, y: number, s: number, angle: number, skin: string = C.apple): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">
<path d="M${f(-s)} 0 A${f(s)} ${f(s * 0.55)} 0 0 1 ${f(s)} 0 Q0 ${f(s * 0.18)} ${f(-s)} 0 Z" fill="${skin}"/>
<path d="M${f(-s * 0.9)} ${f(s * 0.02)} A${f(s * 0.9)} ${f(s * 0.42)} 0 0 1 ${f(s * 0.9)} ${f(s * 0.02)} Q0 ${f(s * 0.18)} ${f(-s * 0.9)} ${f(s * 0.02)} Z" fill="${C.ember200}"/>
<ellipse cx="${f(-s * 0.15)}" cy="${f(-s * 0.12)}" rx="${f(s * 0.05)}" ry="${f(s * 0.09)}" fill="${C.bark700}"/>
<ellipse cx="${f(s * 0.15)}" cy="${f(-s * 0.12)}" rx="${f(s * 0.05)}" ry="${f(s * 0.09)}" fill="${C.bark700}"/>
</g>`;
}

export function wholeApple(x: number, y: number, r: number, skin: string = C.apple): string {
  return `<circle cx="${f(x + r * 0.12)}" cy="${f(y + r * 0.15)}" r="${f(r)}" fill="#000" opacity="0.3" filter="url(#softer)"/>
<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${skin}"/>
<circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.3)}" r="${f(r * 0.35)}" fill="#fff" opacity="0.14"/>
<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.12)}" fill="${C.bark700}" opacity="0.6"/>
<path d="M${f(x)} ${f(y)} q${f(r * 0.1)} ${f(-r * 0.25)} ${f(r * 0.05)} ${f(-r * 0.4)}" stroke="${C.bark800}" stroke-width="${f(r * 0.07)}" stroke-linecap="round" fill="none"/>
${leaf(x + r * 0.05, y - r * 0.3, r * 0.55, -50, C.forest500)}`;
}

export function potato(x: number, y: number, rx: number, ry: number, angle: number, fill: string = C.ember600): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">
<ellipse cx="${f(rx * 0.1)}" cy="${f(ry * 0.18)}" rx="${f(rx)}" ry="${f(ry)}" fill="#000" opacity="0.3" filter="url(#softer)"/>
<ellipse rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"/>
<ellipse cx="${f(-rx * 0.25)}" cy="${f(-ry * 0.3)}" rx="${f(rx * 0.45)}" ry="${f(ry * 0.3)}" fill="#fff" opacity="0.12"/>
<circle cx="${f(rx * 0.35)}" cy="${f(ry * 0.1)}" r="${f(ry * 0.07)}" fill="${C.bark700}" opacity="0.5"/>
<circle cx="${f(-rx * 0.45)}" cy="${f(ry * 0.35)}" r="${f(ry * 0.06)}" fill="${C.bark700}" opacity="0.5"/>
</g>`;
}

export function eggHalf(x: number, y: number, s: number, angle: number): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">
<ellipse cx="${f(s * 0.08)}" cy="${f(s * 0.12)}" rx="${f(s)}" ry="${f(s * 0.74)}" fill="#000" opacity="0.25" filter="url(#softer)"/>
<ellipse rx="${f(s)}" ry="${f(s * 0.74)}" fill="${C.cream50}"/>
<circle cx="${f(s * 0.06)}" r="${f(s * 0.42)}" fill="${C.ember400}"/>
<circle cx="${f(-s * 0.05)}" cy="${f(-s * 0.1)}" r="${f(s * 0.16)}" fill="#fff" opacity="0.2"/>
</g>`;
}

/** Linen under the food: a warm cloth with a faint woven pattern. */
export function linen(width: number, height: number, base: string, thread: string, r: Rng): string {
  let out = `<rect width="${width}" height="${height}" fill="${base}"/>`;
  for (let y = 0; y < height; y += 9)
    out += `<rect x="0" y="${y}" width="${width}" height="2" fill="${thread}" opacity="${f(r.range(0.05, 0.14))}"/>`;
  for (let x = 0; x < width; x += 11)
    out += `<rect x="${x}" y="0" width="2" height="${height}" fill="${thread}" opacity="${f(r.range(0.03, 0.1))}"/>`;
  return out;
}

/** Planks of a wooden table, with grain lines. */
export function planks(width: number, height: number, r: Rng, colors: string[], vertical = false): string {
  const size = vertical ? width : height;
  const count = 5;
  const plank = size / count;
  let out = "";
  for (let i = 0; i < count; i++) {
    const color = colors[i % colors.length];
    const o = i * plank;
    out += vertical
      ? `<rect x="${f(o)}" y="0" width="${f(plank)}" height="${height}" fill="${color}"/>`
      : `<rect x="0" y="${f(o)}" width="${width}" height="${f(plank)}" fill="${color}"/>`;
    for (let g = 0; g < 7; g++) {
      const at = o + r.range(plank * 0.1, plank * 0.9);
      const wob = r.range(4, 14);
      out += vertical
        ? `<path d="M${f(at)} 0 Q${f(at + wob)} ${height * 0.35} ${f(at)} ${height * 0.6} T${f(at)} ${height}" stroke="#000" stroke-width="${f(r.range(1, 3))}" opacity="${f(r.range(0.06, 0.14))}" fill="none"/>`
        : `<path d="M0 ${f(at)} Q${width * 0.35} ${f(at + wob)} ${width * 0.6} ${f(at)} T${width} ${f(at)}" stroke="#000" stroke-width="${f(r.range(1, 3))}" opacity="${f(r.range(0.06, 0.14))}" fill="none"/>`;
    }
    out += vertical
      ? `<rect x="${f(o + plank - 3)}" y="0" width="3" height="${height}" fill="#000" opacity="0.3"/>`
      : `<rect x="0" y="${f(o + plank - 3)}" width="${width}" height="3" fill="#000" opacity="0.3"/>`;
  }
  return out;
}

/** A folded napkin corner with stripes, lying under the edge of a dish. */
export function napkin(x: number, y: number, w: number, h: number, angle: number, cloth: string, stripe: string): string {
  return `<g transform="rotate(${angle} ${f(x + w / 2)} ${f(y + h / 2)})">
<rect x="${f(x + 10)}" y="${f(y + 14)}" width="${f(w)}" height="${f(h)}" fill="#000" opacity="0.22" filter="url(#softer)"/>
<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${cloth}"/>
<rect x="${f(x)}" y="${f(y + h * 0.12)}" width="${f(w)}" height="${f(h * 0.05)}" fill="${stripe}"/>
<rect x="${f(x)}" y="${f(y + h * 0.2)}" width="${f(w)}" height="${f(h * 0.02)}" fill="${stripe}"/>
<rect x="${f(x)}" y="${f(y + h * 0.8)}" width="${f(w)}" height="${f(h * 0.05)}" fill="${stripe}"/>
</g>`;
}

export function wheatEar(x: number, y: number, length: number, angle: number, color: string = C.ember400): string {
  let out = `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0 0 L${f(length)} 0" stroke="${C.ember500}" stroke-width="${f(length * 0.025)}" stroke-linecap="round"/>`;
  for (let i = 0; i < 7; i++) {
    const px = length * (0.45 + i * 0.075);
    const s = length * 0.09;
    out += `<ellipse cx="${f(px)}" cy="${f(-s * 0.45)}" rx="${f(s)}" ry="${f(s * 0.42)}" transform="rotate(-25 ${f(px)} ${f(-s * 0.45)})" fill="${color}"/>`;
    out += `<ellipse cx="${f(px)}" cy="${f(s * 0.45)}" rx="${f(s)}" ry="${f(s * 0.42)}" transform="rotate(25 ${f(px)} ${f(s * 0.45)})" fill="${color}"/>`;
  }
  return (
    out + `<ellipse cx="${f(length * 0.98)}" cy="0" rx="${f(length * 0.07)}" ry="${f(length * 0.035)}" fill="${color}"/></g>`
  );
}
