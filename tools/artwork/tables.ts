/** Table scenes seen from above: the nutrition page's larder, the recipes page's stove, the home story's desk. */
import {
  bowl,
  C,
  leaf,
  radial,
  napkin,
  planks,
  potato,
  rng,
  scatterInCircle,
  sprig,
  spoon,
  svgDocument,
  walnut,
  wheatEar,
  wholeApple,
} from "./shapes";

const W = 1600;
const H = 1200;
const f = (n: number) => Math.round(n * 10) / 10;

function loaf(cx: number, cy: number, rx: number, ry: number, angle: number): string {
  let cuts = "";
  for (let i = -1; i <= 1; i++) {
    cuts += `<path d="M${f(-rx * 0.55)} ${f(i * ry * 0.42)} Q0 ${f(i * ry * 0.42 - ry * 0.16)} ${f(rx * 0.55)} ${f(i * ry * 0.42)}" stroke="${C.ember300}" stroke-width="${f(ry * 0.12)}" fill="none" stroke-linecap="round"/>`;
  }
  return `<g transform="translate(${cx} ${cy}) rotate(${angle})">
<ellipse cx="${f(rx * 0.06)}" cy="${f(ry * 0.12)}" rx="${rx}" ry="${ry}" fill="#000" opacity="0.35" filter="url(#soft)"/>
<ellipse rx="${rx}" ry="${ry}" fill="${C.ember600}"/>
<ellipse rx="${f(rx * 0.92)}" ry="${f(ry * 0.88)}" fill="${C.ember500}"/>
${cuts}
<ellipse cx="${f(-rx * 0.2)}" cy="${f(-ry * 0.3)}" rx="${f(rx * 0.5)}" ry="${f(ry * 0.3)}" fill="#fff" opacity="0.12"/>
</g>`;
}

function jar(cx: number, cy: number, r: number, content: string, lid: string): string {
  const rr = rng(Math.round(cx + cy));
  let strands = "";
  for (let i = 0; i < 40; i++) {
    const [x, y] = scatterInCircle(rr, cx, cy, r * 0.62, 1)[0];
    const a = rr.range(0, 180);
    strands += `<path d="M${f(x)} ${f(y)} q${f(r * 0.12)} ${f(-r * 0.05)} ${f(r * 0.22)} 0" transform="rotate(${f(a)} ${f(x)} ${f(y)})" stroke="${C.ember200}" stroke-width="${f(r * 0.035)}" fill="none" stroke-linecap="round"/>`;
  }
  return `<circle cx="${f(cx + r * 0.1)}" cy="${f(cy + r * 0.12)}" r="${r}" fill="#000" opacity="0.35" filter="url(#soft)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="${C.mist}" opacity="0.55"/>
<circle cx="${cx}" cy="${cy}" r="${f(r * 0.86)}" fill="${lid}"/>
<circle cx="${cx}" cy="${cy}" r="${f(r * 0.76)}" fill="${content}"/>
${strands}
<path d="M${f(cx - r * 0.85)} ${f(cy - r * 0.2)} A${f(r * 0.88)} ${f(r * 0.88)} 0 0 1 ${f(cx - r * 0.1)} ${f(cy - r * 0.86)}" stroke="#fff" stroke-width="${f(r * 0.06)}" opacity="0.5" fill="none" stroke-linecap="round"/>`;
}

function carrot(x: number, y: number, length: number, angle: number): string {
  const w = length * 0.14;
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
<path d="M${f(6)} ${f(-w + 10)} L${f(length + 6)} 10 L${f(6)} ${f(w + 10)} Z" fill="#000" opacity="0.25" filter="url(#softer)"/>
<path d="M0 ${f(-w)} Q${f(length * 0.5)} ${f(-w * 0.7)} ${length} 0 Q${f(length * 0.5)} ${f(w * 0.7)} 0 ${f(w)} Q${f(-w * 0.3)} 0 0 ${f(-w)} Z" fill="#d9772b"/>
${[0.25, 0.45, 0.65].map((t) => `<path d="M${f(length * t)} ${f(-w * 0.6 * (1 - t))} l${f(w * 0.3)} ${f(w * 0.25)}" stroke="#a9531c" stroke-width="3" stroke-linecap="round"/>`).join("")}
${leaf(-4, 0, length * 0.4, 180, C.forest500, false)}${leaf(-4, -4, length * 0.34, 160, C.sage400, false)}${leaf(-4, 4, length * 0.34, 200, C.forest600, false)}
</g>`;
}

export function nutritionHero(): string {
  const r = rng(5);
  let body = planks(W, H, r, [C.forest800, "#1f4130", C.forest800, "#1d3d2c", C.forest800]);
  body += napkin(980, 40, 520, 380, 8, C.cream100, C.ember500);
  body += loaf(540, 360, 300, 210, -12);
  body += jar(1230, 300, 160, C.ember300, C.cream300);
  // bowl of eggs
  body += bowl(
    1210,
    760,
    210,
    C.cream100,
    C.cream200,
    [
      [1140, 700],
      [1280, 720],
      [1180, 840],
      [1290, 850],
    ]
      .map(
        ([x, y], i) =>
          `<ellipse cx="${x + 8}" cy="${y + 10}" rx="62" ry="80" fill="#000" opacity="0.2" transform="rotate(${i * 40} ${x} ${y})"/><ellipse cx="${x}" cy="${y}" rx="62" ry="80" fill="${i % 2 ? "#e9cfa6" : "#f3e4c8"}" transform="rotate(${i * 40} ${x} ${y})"/>`,
      )
      .join(""),
  );
  body += potato(300, 800, 95, 70, 20) + potato(470, 880, 80, 60, -30, C.ember500) + potato(360, 960, 70, 52, 60);
  body += wholeApple(760, 860, 90) + wholeApple(880, 1010, 76, "#9c3a26");
  body += wheatEar(40, 1130, 420, -28) + wheatEar(80, 1180, 380, -18, C.ember300) + wheatEar(10, 1060, 360, -38, C.ember300);
  body += sprig(700, 620, 260, 12, C.sage400);
  body += walnut(1480, 1060, 34, 20) + walnut(1400, 1110, 30, -30) + walnut(1530, 1150, 28, 70);
  return svgDocument(W, H, body);
}

export function recipesHero(): string {
  const r = rng(17);
  // A plain cloth in soft window light: the hero is the recipes page's largest paint, and a woven texture
  // costs a third more bytes at every size.
  let body = `<rect width="${W}" height="${H}" fill="${C.cream200}"/><rect width="${W}" height="${H}" fill="url(#window)"/>`;
  // cast-iron pot with a golden soup
  const soup = [];
  for (const [x, y] of scatterInCircle(r, 620, 600, 290, 46)) {
    soup.push(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r.range(8, 18))}" fill="${r.pick([C.ember300, "#d9772b", C.sage400])}" opacity="0.9"/>`,
    );
  }
  body += `<rect x="150" y="560" width="120" height="60" rx="26" fill="${C.bark900}"/><rect x="970" y="560" width="120" height="60" rx="26" fill="${C.bark900}"/>`;
  body += bowl(620, 600, 420, "#2c2a27", C.ember500, soup.join(""));
  body += spoon(920, 380, 560, 35, C.bark400);
  // cutting board with carrots and herbs
  body += `<g transform="rotate(-8 1330 900)"><rect x="1150" y="620" width="380" height="560" rx="40" fill="#000" opacity="0.3" filter="url(#soft)"/><rect x="1130" y="600" width="380" height="560" rx="40" fill="${C.bark400}"/><rect x="1150" y="620" width="340" height="520" rx="30" fill="#a9865f"/><circle cx="1320" cy="650" r="16" fill="${C.cream200}"/></g>`;
  body += carrot(1200, 760, 280, 70) + carrot(1300, 740, 250, 80) + carrot(1400, 770, 230, 95);
  for (let i = 0; i < 70; i++)
    body += `<circle cx="${f(r.range(1210, 1440))}" cy="${f(r.range(1010, 1120))}" r="${f(r.range(4, 9))}" fill="${r.pick([C.forest500, C.sage400, C.forest600])}"/>`;
  body += napkin(60, 60, 360, 250, -10, C.forest700, C.ember300);
  body += sprig(200, 1000, 300, -20, C.forest600) + sprig(280, 1080, 260, -5, C.sage400);
  body += `<circle cx="1400" cy="230" r="110" fill="#000" opacity="0.25" filter="url(#soft)"/><circle cx="1390" cy="220" r="110" fill="${C.cream50}"/><circle cx="1390" cy="220" r="86" fill="${C.cream100}"/>`;
  for (let i = 0; i < 60; i++) {
    const [x, y] = scatterInCircle(r, 1390, 220, 70, 1)[0];
    body += `<rect x="${f(x)}" y="${f(y)}" width="6" height="6" fill="#fff" opacity="0.9" transform="rotate(${f(r.range(0, 90))} ${f(x)} ${f(y)})"/>`;
  }
  return svgDocument(
    W,
    H,
    body,
    radial(
      "window",
      [
        [0, "#fff8ea", 0.55],
        [1, C.cream200, 0],
      ],
      0.3,
      0.2,
      0.9,
    ),
  );
}

/** A plan on the kitchen table: notebook, pencil, mug of herbal tea, an apple. */
export function storyTable(): string {
  const r = rng(29);
  let body = planks(W, H, r, ["#b08a62", "#a9835b", "#b5906a", "#a67f57", "#b08a62"], true);
  // notebook
  body += `<g transform="rotate(-6 700 620)"><rect x="330" y="250" width="760" height="760" rx="14" fill="#000" opacity="0.3" filter="url(#soft)"/>
<rect x="310" y="230" width="760" height="760" rx="14" fill="${C.forest700}"/><rect x="330" y="245" width="360" height="730" fill="${C.cream50}"/><rect x="690" y="245" width="360" height="730" fill="${C.cream100}"/>
<rect x="684" y="245" width="12" height="730" fill="#000" opacity="0.08"/>
${Array.from({ length: 14 }, (_, i) => `<path d="M360 ${330 + i * 46} L660 ${330 + i * 46} M720 ${330 + i * 46} L1020 ${330 + i * 46}" stroke="${C.sage300}" stroke-width="3"/>`).join("")}
${[0, 1, 2, 3, 4, 5, 6]
  .map(
    (i) =>
      `<rect x="370" y="${f(356 + i * 92)}" width="28" height="28" rx="5" fill="none" stroke="${C.forest700}" stroke-width="4"/>${i < 4 ? `<path d="M375 ${f(370 + i * 92)} l8 9 l16 -20" stroke="${C.ember500}" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` : ""}<rect x="420" y="${f(362 + i * 92)}" width="${f(r.range(140, 220))}" height="14" rx="7" fill="${C.bark700}" opacity="0.55"/>`,
  )
  .join("")}
<circle cx="870" cy="520" r="110" fill="none" stroke="${C.ember500}" stroke-width="6" stroke-dasharray="16 12"/>
<path d="M760 760 C820 700 900 820 980 740" stroke="${C.forest600}" stroke-width="6" fill="none" stroke-linecap="round"/>
</g>`;
  // pencil
  body += `<g transform="rotate(28 1120 700)"><rect x="1060" y="690" width="380" height="30" fill="#000" opacity="0.25" filter="url(#softer)"/><rect x="1040" y="670" width="340" height="30" fill="${C.ember400}"/><rect x="1040" y="670" width="340" height="10" fill="${C.ember300}"/><path d="M1380 670 L1440 685 L1380 700 Z" fill="#e8cfa4"/><path d="M1425 681 L1440 685 L1425 689 Z" fill="${C.bark900}"/><rect x="1010" y="670" width="34" height="30" fill="${C.forest600}"/></g>`;
  // mug of herbal tea
  body += `<circle cx="1310" cy="330" r="150" fill="#000" opacity="0.3" filter="url(#soft)"/><rect x="1420" y="300" width="110" height="56" rx="28" fill="${C.cream100}"/><circle cx="1300" cy="320" r="150" fill="${C.cream100}"/><circle cx="1300" cy="320" r="124" fill="${C.ember600}"/><circle cx="1300" cy="320" r="124" fill="${C.ember400}" opacity="0.4"/><ellipse cx="1260" cy="280" rx="50" ry="20" fill="#fff" opacity="0.18"/>`;
  body += leaf(1250, 340, 70, -20, C.forest500) + leaf(1290, 300, 60, 30, C.sage400);
  body += wholeApple(1310, 960, 110);
  body += wheatEar(60, 1150, 360, -40, C.ember300);
  return svgDocument(W, H, body);
}
