/** Outdoor scenes: the home page's sunrise over the foothills and the movement page's morning trail. */
import { bird, C, fieldRows, linear, pine, radial, ridge, rng, roundTree, sun, svgDocument, taperedRibbon } from "./shapes";

const W = 1600;
const H = 1200;

function alps(baseY: number, fill: string, snow: string): string {
  const peaks: [number, number][] = [
    [-40, baseY],
    [120, baseY - 130],
    [230, baseY - 70],
    [380, baseY - 230],
    [520, baseY - 110],
    [640, baseY - 170],
    [780, baseY - 60],
    [960, baseY - 260],
    [1120, baseY - 120],
    [1240, baseY - 190],
    [1400, baseY - 80],
    [1520, baseY - 150],
    [1660, baseY - 40],
  ];
  const body = `M${peaks.map(([x, y]) => `${x} ${y}`).join(" L")} L${W + 60} ${H} L-60 ${H} Z`;
  const caps = peaks
    .filter(([, y]) => y < baseY - 150)
    .map(([x, y]) => {
      const d = (baseY - y) * 0.28;
      return `<path d="M${x} ${y} L${x + d * 0.85} ${y + d} L${x + d * 0.35} ${y + d * 0.8} L${x} ${y + d * 1.1} L${x - d * 0.4} ${y + d * 0.78} L${x - d * 0.8} ${y + d} Z" fill="${snow}"/>`;
    })
    .join("");
  return `<path d="${body}" fill="${fill}"/>${caps}`;
}

export function homeHero(): string {
  const r = rng(11);
  const defs =
    linear("sky", [
      [0, "#f3e3c0"],
      [0.55, C.ember200],
      [1, C.ember300],
    ]) +
    radial("haze", [
      [0, C.ember300, 0.9],
      [1, C.ember300, 0],
    ]) +
    linear("field", [
      [0, C.ember400],
      [1, C.ember500],
    ]);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<ellipse cx="1040" cy="420" rx="700" ry="380" fill="url(#haze)" opacity="0.7"/>`;
  body += sun(1040, 330, 96, "#fbe3b0", C.ember300);
  body += bird(300, 260, 22, C.forest700) + bird(360, 300, 16, C.forest700) + bird(250, 320, 13, C.forest700);
  body += alps(640, "#b9c3a0", C.cream100);
  body += `<rect y="560" width="${W}" height="200" fill="${C.ember200}" opacity="0.25"/>`;
  body += ridge(W, H, 700, 40, 3, 2, C.sage300);
  body += ridge(W, H, 770, 50, 2.4, 5, C.sage400);
  // a line of pines on the middle ridge
  for (let i = 0; i < 34; i++) {
    const x = 40 + i * 46 + r.range(-12, 12);
    const base = 800 + Math.sin(i * 0.45) * 26;
    body += pine(x, base, r.range(80, 130), C.forest600, C.sage300);
  }
  body += ridge(W, H, 860, 45, 2, 9, C.forest600);
  // golden field on the right, with furrows
  body += `<path d="M620 ${H} C760 930 1040 860 1600 850 L1600 ${H} Z" fill="url(#field)"/>`;
  body += `<g clip-path="url(#fieldclip)">${fieldRows(600, 1600, 870, H, 14, C.ember700, 0.28)}</g>`;
  body += `<clipPath id="fieldclip"><path d="M620 ${H} C760 930 1040 860 1600 850 L1600 ${H} Z"/></clipPath>`;
  body += `<path d="M0 930 C240 900 460 960 700 1040 C820 1080 900 1140 960 ${H} L0 ${H} Z" fill="${C.forest700}"/>`;
  // path winding from the foreground up into the hills
  body += `<path d="M380 ${H} C440 1110 560 1060 620 1000 C680 940 640 900 720 880 L736 880 C680 905 712 950 660 1010 C600 1080 520 1140 520 ${H} Z" fill="${C.cream200}" opacity="0.92"/>`;
  // foreground trees
  body += pine(130, 1090, 300, C.forest900, C.forest600) + pine(250, 1130, 220, C.forest800, C.forest600);
  body += roundTree(1420, 930, 190, C.forest700, C.sage300) + roundTree(1510, 960, 140, C.forest600, C.sage300);
  body += `<path d="M0 1110 C300 1090 520 1150 700 ${H} L0 ${H} Z" fill="${C.forest900}"/>`;
  return svgDocument(W, H, body, defs);
}

export function movementHero(): string {
  const r = rng(23);
  const defs =
    linear("sky2", [
      [0, "#e9efdc"],
      [0.6, "#f4ecd6"],
      [1, C.ember200],
    ]) +
    radial("glow2", [
      [0, C.ember300, 0.85],
      [1, C.ember300, 0],
    ]);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky2)"/>`;
  body += `<ellipse cx="420" cy="500" rx="520" ry="300" fill="url(#glow2)"/>`;
  body += sun(420, 470, 84, "#fbe6b8", C.ember300);
  body += bird(1100, 240, 20, C.forest700) + bird(1160, 280, 14, C.forest700);
  body += ridge(W, H, 620, 60, 2.2, 31, "#c3ceb0");
  body += ridge(W, H, 700, 50, 2.8, 37, C.sage300);
  for (let i = 0; i < 18; i++) {
    const x = 820 + i * 44 + r.range(-10, 10);
    body += pine(x, 735 + Math.sin(i * 0.6) * 18, r.range(90, 150), C.forest600, C.sage300);
  }
  body += ridge(W, H, 790, 40, 2, 41, C.sage400);
  body += ridge(W, H, 900, 50, 1.6, 43, C.forest600);
  // the trail narrows as it climbs over the hill towards the woods
  const trail: [number, number][] = [
    [520, H + 60],
    [640, 1100],
    [790, 1030],
    [830, 975],
    [760, 930],
    [800, 885],
    [900, 850],
  ];
  body += taperedRibbon(trail, 190, 14, C.cream200);
  body += taperedRibbon(trail, 90, 4, C.cream300);
  // wooden fence along the trail
  for (let i = 0; i < 7; i++) {
    const x = 930 + i * 95;
    const y = 1010 - i * 22;
    body += `<rect x="${x}" y="${y - 90}" width="14" height="100" fill="${C.bark700}"/>`;
  }
  body += `<path d="M930 940 L1510 808" stroke="${C.bark700}" stroke-width="10"/><path d="M930 975 L1510 843" stroke="${C.bark700}" stroke-width="10"/>`;
  // a bicycle leaning at the fence
  const bx = 1180;
  const by = 1010;
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="${by}" r="62" fill="none" stroke="${C.bark900}" stroke-width="10"/><circle cx="${x}" cy="${by}" r="6" fill="${C.bark900}"/>`;
  body += wheel(bx) + wheel(bx + 190);
  body += `<path d="M${bx} ${by} L${bx + 70} ${by - 100} L${bx + 160} ${by - 100} L${bx + 190} ${by} M${bx + 70} ${by - 100} L${bx + 95} ${by} L${bx + 160} ${by - 100} M${bx + 95} ${by} L${bx} ${by}" fill="none" stroke="${C.ember500}" stroke-width="11" stroke-linejoin="round" stroke-linecap="round"/>`;
  body += `<path d="M${bx + 60} ${by - 118} L${bx + 95} ${by - 118}" stroke="${C.bark900}" stroke-width="12" stroke-linecap="round"/>`;
  body += `<path d="M${bx + 160} ${by - 100} L${bx + 150} ${by - 140} L${bx + 185} ${by - 146}" fill="none" stroke="${C.bark900}" stroke-width="9" stroke-linecap="round"/>`;
  body += `<path d="M0 1060 C260 1010 440 1080 600 ${H} L0 ${H} Z" fill="${C.forest700}"/>`;
  body += roundTree(170, 1080, 330, C.forest800, C.forest500) + pine(330, 1150, 260, C.forest900, C.forest600);
  body += `<path d="M1000 ${H} C1160 1100 1400 1090 1600 1080 L1600 ${H} Z" fill="${C.forest800}"/>`;
  // grass tufts
  for (let i = 0; i < 26; i++) {
    const x = r.range(980, 1600);
    const y = r.range(1120, 1190);
    body += `<path d="M${x} ${y} l-8 -26 M${x} ${y} l2 -32 M${x} ${y} l10 -24" stroke="${C.forest600}" stroke-width="4" stroke-linecap="round"/>`;
  }
  return svgDocument(W, H, body, defs);
}
