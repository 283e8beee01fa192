/** One dish per recipe card, seen from above, each on its own cloth or board so the grid has rhythm. */
import {
  appleSlice,
  bowl,
  C,
  eggHalf,
  leaf,
  linear,
  linen,
  napkin,
  planks,
  plate,
  potato,
  rng,
  scatterInCircle,
  sprig,
  spoon,
  svgDocument,
  walnut,
  wholeApple,
  type Rng,
} from "./shapes";

const W = 1600;
const H = 1200;
const f = (n: number) => Math.round(n * 10) / 10;

const darkBoard = (r: Rng) => planks(W, H, r, [C.forest800, "#1f4130", C.forest800, "#1d3d2c", C.forest800]);
const lightBoard = (r: Rng) => planks(W, H, r, ["#b08a62", "#a9835b", "#b5906a", "#a67f57", "#b08a62"], true);

function dots(r: Rng, cx: number, cy: number, radius: number, count: number, colors: string[], size: [number, number]): string {
  return scatterInCircle(r, cx, cy, radius, count)
    .map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r.range(size[0], size[1]))}" fill="${r.pick(colors)}"/>`)
    .join("");
}

function flakes(r: Rng, cx: number, cy: number, radius: number, count: number, color: string, len: number): string {
  return scatterInCircle(r, cx, cy, radius, count)
    .map(
      ([x, y]) =>
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(len)}" ry="${f(len * 0.55)}" fill="${color}" transform="rotate(${f(r.range(0, 180))} ${f(x)} ${f(y)})"/>`,
    )
    .join("");
}

function haferbrei(): string {
  const r = rng(101);
  let body = darkBoard(r);
  body += napkin(90, 700, 520, 420, -12, C.cream100, C.ember500);
  const inner =
    flakes(r, 800, 600, 300, 160, "#e2cf9f", 16) +
    appleSlice(700, 520, 80, -20) +
    appleSlice(770, 470, 80, 10) +
    appleSlice(850, 460, 80, 35) +
    walnut(900, 650, 42, 10) +
    walnut(760, 700, 40, -30) +
    walnut(860, 760, 36, 60) +
    dots(r, 800, 600, 250, 70, [C.ember700, C.bark700], [2, 4]);
  body += bowl(800, 600, 400, C.cream50, "#eadbb6", inner);
  body += spoon(1300, 260, 560, 30, C.bark400);
  body += wholeApple(1380, 980, 120);
  body += walnut(260, 220, 46, 20) + walnut(360, 300, 40, -40) + walnut(200, 340, 38, 70);
  body += flakes(r, 1380, 600, 90, 40, "#e2cf9f", 14);
  return svgDocument(W, H, body);
}

function linseneintopf(): string {
  const r = rng(102);
  let body = linen(W, H, C.cream200, C.bark500, r);
  body += napkin(1020, 720, 520, 420, 10, C.forest700, C.ember300);
  let inner = dots(r, 780, 590, 320, 520, ["#8a5a2e", "#9c6a36", "#6f4524"], [8, 12]);
  for (const [x, y] of scatterInCircle(r, 780, 590, 280, 14)) {
    inner += `<circle cx="${f(x)}" cy="${f(y)}" r="26" fill="#d9772b"/><circle cx="${f(x)}" cy="${f(y)}" r="15" fill="#e99a52"/>`;
  }
  for (const [x, y] of scatterInCircle(r, 780, 590, 270, 10)) {
    inner += `<rect x="${f(x - 24)}" y="${f(y - 24)}" width="48" height="48" rx="10" fill="${C.ember300}" transform="rotate(${f(r.range(0, 90))} ${f(x)} ${f(y)})"/>`;
  }
  for (const [x, y] of scatterInCircle(r, 780, 590, 270, 12)) {
    inner += `<circle cx="${f(x)}" cy="${f(y)}" r="20" fill="none" stroke="${C.sage300}" stroke-width="9"/>`;
  }
  inner += dots(r, 780, 590, 300, 60, [C.forest500], [3, 6]);
  body += bowl(780, 590, 430, C.terracotta, "#7a4a26", inner);
  body += spoon(1320, 200, 560, 40, C.bark400);
  body += sprig(140, 220, 300, 30, C.forest600);
  body += `<g>${[0, 1, 2].map((i) => `<circle cx="${230 + i * 70}" cy="${1000 + (i % 2) * 40}" r="44" fill="#000" opacity="0.2" filter="url(#softer)"/><circle cx="${220 + i * 70}" cy="${990 + (i % 2) * 40}" r="44" fill="#d9772b"/><circle cx="${220 + i * 70}" cy="${990 + (i % 2) * 40}" r="26" fill="#e99a52"/>`).join("")}</g>`;
  return svgDocument(W, H, body);
}

function potatoHalf(x: number, y: number, s: number, angle: number, r: Rng): string {
  let chives = "";
  for (let i = 0; i < 18; i++) {
    const a = r.range(0, Math.PI * 2);
    const d = Math.sqrt(r.next()) * s * 0.45;
    chives += `<rect x="${f(Math.cos(a) * d)}" y="${f(Math.sin(a) * d)}" width="${f(s * 0.12)}" height="${f(s * 0.035)}" rx="2" fill="${C.forest500}" transform="rotate(${f(r.range(0, 180))} ${f(Math.cos(a) * d)} ${f(Math.sin(a) * d)})"/>`;
  }
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">
<ellipse cx="${f(s * 0.1)}" cy="${f(s * 0.14)}" rx="${f(s)}" ry="${f(s * 0.72)}" fill="#000" opacity="0.3" filter="url(#softer)"/>
<ellipse rx="${f(s)}" ry="${f(s * 0.72)}" fill="${C.ember700}"/>
<ellipse rx="${f(s * 0.9)}" ry="${f(s * 0.63)}" fill="#f2d690"/>
<path d="M${f(-s * 0.55)} ${f(-s * 0.05)} C${f(-s * 0.5)} ${f(-s * 0.5)} ${f(s * 0.4)} ${f(-s * 0.55)} ${f(s * 0.55)} ${f(-s * 0.1)} C${f(s * 0.6)} ${f(s * 0.35)} ${f(-s * 0.3)} ${f(s * 0.5)} ${f(-s * 0.55)} ${f(-s * 0.05)} Z" fill="${C.cream50}"/>
${chives}</g>`;
}

function ofenkartoffeln(): string {
  const r = rng(103);
  let body = darkBoard(r);
  body += plate(760, 620, 560, 470, C.cream100);
  body +=
    potatoHalf(560, 480, 190, -15, r) +
    potatoHalf(960, 500, 180, 20, r) +
    potatoHalf(620, 800, 175, 10, r) +
    potatoHalf(960, 800, 185, -25, r);
  body += `<circle cx="1410" cy="240" r="130" fill="#000" opacity="0.3" filter="url(#soft)"/><circle cx="1400" cy="230" r="130" fill="${C.forest600}"/><circle cx="1400" cy="230" r="104" fill="${C.cream50}"/>`;
  body += dots(r, 1400, 230, 90, 40, [C.forest500], [3, 6]);
  for (let i = 0; i < 9; i++)
    body += `<rect x="${1280 + i * 14}" y="${860 + i * 6}" width="12" height="300" rx="6" fill="${i % 2 ? C.forest500 : C.forest600}" transform="rotate(${-20 + i * 2} 1300 1000)"/>`;
  body += `<circle cx="230" cy="1010" r="90" fill="#000" opacity="0.3" filter="url(#soft)"/><circle cx="220" cy="1000" r="90" fill="#e1c35a"/><circle cx="220" cy="1000" r="70" fill="#ecd271"/><ellipse cx="195" cy="975" rx="26" ry="14" fill="#fff" opacity="0.35"/>`;
  return svgDocument(W, H, body);
}

function sauerkrautSalat(): string {
  const r = rng(104);
  let body = lightBoard(r);
  body += napkin(960, 40, 560, 400, 8, C.cream100, C.forest600);
  let inner = "";
  for (let i = 0; i < 260; i++) {
    const [x, y] = scatterInCircle(r, 760, 620, 330, 1)[0];
    inner += `<path d="M${f(x)} ${f(y)} q${f(r.range(10, 24))} ${f(r.range(-14, 14))} ${f(r.range(30, 56))} ${f(r.range(-6, 6))}" stroke="${r.pick(["#efe0a8", "#e5d18e", "#f5eabf"])}" stroke-width="${f(r.range(5, 9))}" fill="none" stroke-linecap="round" transform="rotate(${f(r.range(0, 180))} ${f(x)} ${f(y)})"/>`;
  }
  inner +=
    appleSlice(640, 520, 90, -30, "#7aa33a") +
    appleSlice(860, 520, 90, 20, C.apple) +
    appleSlice(780, 760, 90, 170, "#7aa33a") +
    appleSlice(600, 720, 80, 140, C.apple);
  for (const [x, y] of scatterInCircle(r, 760, 620, 240, 6))
    inner += `<circle cx="${f(x)}" cy="${f(y)}" r="34" fill="none" stroke="#c6a2c8" stroke-width="7"/>`;
  inner += dots(r, 760, 620, 300, 60, [C.forest500, C.forest600], [3, 6]);
  body += bowl(760, 620, 440, C.forest600, "#e9d99a", inner);
  body += wholeApple(1370, 930, 130, "#7aa33a");
  body += `<g transform="translate(260 1030)"><circle cx="12" cy="14" r="100" fill="#000" opacity="0.3" filter="url(#soft)"/><circle r="100" fill="#d9b6d3"/>${[80, 62, 44, 26].map((rr) => `<circle r="${rr}" fill="none" stroke="#b98db4" stroke-width="5"/>`).join("")}</g>`;
  body += sprig(1300, 560, 260, 100, C.forest600);
  return svgDocument(W, H, body);
}

function forelle(): string {
  const r = rng(105);
  let body = linen(W, H, "#e6dcc4", C.bark500, r);
  body += napkin(40, 60, 420, 300, -6, C.forest700, C.ember300);
  body += plate(800, 620, 640, 440, C.cream50);
  // fillet
  body += `<g transform="rotate(-8 720 560)">
<path d="M380 580 C460 440 760 400 1000 480 C1060 500 1100 520 1120 540 C1100 580 1060 600 1000 620 C760 700 470 690 380 580 Z" fill="#000" opacity="0.2" filter="url(#softer)"/>
<path d="M370 560 C450 420 750 380 990 460 C1050 480 1090 500 1110 520 C1090 560 1050 580 990 600 C750 680 460 670 370 560 Z" fill="#e8956a"/>
<path d="M400 560 C480 450 750 420 970 480 C1020 495 1060 510 1080 522 C1060 550 1020 565 970 578 C750 640 480 640 400 560 Z" fill="#f0ad83"/>
${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<path d="M${470 + i * 75} ${460 - (i < 4 ? i * 6 : (7 - i) * 6)} q-26 80 0 160" stroke="#f6c9a7" stroke-width="7" fill="none" stroke-linecap="round"/>`).join("")}
<path d="M440 540 C600 500 820 500 1060 520" stroke="#d17d52" stroke-width="6" fill="none" opacity="0.6"/>
</g>`;
  // parsley potatoes
  for (const [x, y, a] of [
    [600, 830, 10],
    [760, 870, -20],
    [920, 840, 30],
    [1080, 770, -10],
  ] as const)
    body += potato(x, y, 95, 72, a, "#ecd08a");
  for (const [x, y] of [
    [600, 830],
    [760, 870],
    [920, 840],
    [1080, 770],
  ])
    body += dots(r, x, y, 62, 22, [C.forest500, C.forest600, C.sage400], [4, 8]);
  // lemon wedge
  body += `<g transform="translate(1200 420) rotate(30)"><path d="M-110 0 A110 110 0 0 1 110 0 Z" fill="#000" opacity="0.25" filter="url(#softer)"/><path d="M-110 0 A110 110 0 0 1 110 0 Z" fill="#f1cf4a"/><path d="M-92 -4 A92 92 0 0 1 92 -4 Z" fill="#f9e79a"/>${[-60, -30, 0, 30, 60].map((a) => `<path d="M0 -4 L${f(Math.sin((a * Math.PI) / 180) * 88)} ${f(-Math.cos((a * Math.PI) / 180) * 88)}" stroke="#f1cf4a" stroke-width="5"/>`).join("")}</g>`;
  body += sprig(1240, 1000, 280, -30, C.forest600) + sprig(1300, 1080, 240, -10, C.forest500);
  return svgDocument(W, H, body);
}

function roteBeteSuppe(): string {
  const r = rng(106);
  let body = lightBoard(r);
  body += napkin(1000, 760, 520, 380, 12, C.cream100, C.beet);
  let inner = `<circle cx="800" cy="600" r="340" fill="${C.beet}"/>`;
  inner += `<path d="M700 560 C720 480 880 480 890 560 C900 640 760 680 740 620 C725 575 800 560 820 590" stroke="${C.cream50}" stroke-width="26" fill="none" stroke-linecap="round"/>`;
  inner += `<circle cx="800" cy="600" r="300" fill="#a23a57" opacity="0.25"/>`;
  inner += leaf(840, 660, 70, -30, C.forest500) + leaf(860, 650, 60, 20, C.sage400) + leaf(850, 670, 55, 70, C.forest600);
  inner += dots(r, 800, 600, 300, 30, [C.bark900], [2, 4]);
  body += bowl(800, 600, 430, C.cream50, C.beet, inner);
  body += spoon(1320, 240, 540, 35, C.bark400);
  // whole beet with leaves
  body += `<g transform="translate(260 940)">${leaf(0, -80, 260, -110, C.forest600)}${leaf(0, -80, 230, -80, C.forest500)}<path d="M0 -80 l-40 -210 M0 -80 l50 -190" stroke="${C.beet}" stroke-width="10" stroke-linecap="round"/><circle cx="14" cy="16" r="120" fill="#000" opacity="0.3" filter="url(#soft)"/><circle r="120" fill="${C.beetDark}"/><circle cx="-30" cy="-30" r="50" fill="#fff" opacity="0.08"/><path d="M0 120 q10 40 -6 80" stroke="${C.beetDark}" stroke-width="8" fill="none" stroke-linecap="round"/></g>`;
  body += `<g transform="translate(250 240)"><circle cx="10" cy="14" r="130" fill="#000" opacity="0.3" filter="url(#soft)"/><circle r="130" fill="${C.beetDark}"/><circle r="112" fill="${C.beet}"/>${[92, 70, 48, 26].map((rr) => `<circle r="${rr}" fill="none" stroke="#b8506e" stroke-width="6"/>`).join("")}</g>`;
  return svgDocument(W, H, body);
}

function vollkornbrot(): string {
  const r = rng(107);
  let body = darkBoard(r);
  body += `<rect x="180" y="160" width="1260" height="900" rx="60" fill="#000" opacity="0.35" filter="url(#soft)"/><rect x="160" y="140" width="1260" height="900" rx="60" fill="${C.bark400}"/><rect x="180" y="160" width="1220" height="860" rx="50" fill="#a9865f"/>`;
  for (let i = 0; i < 10; i++)
    body += `<path d="M200 ${200 + i * 86} Q800 ${210 + i * 86 + r.range(-8, 8)} 1380 ${200 + i * 86}" stroke="#000" stroke-width="2" opacity="0.08" fill="none"/>`;
  const slice = (x: number, y: number, a: number) => {
    let seeds = "";
    for (let i = 0; i < 90; i++)
      seeds += `<ellipse cx="${f(r.range(-180, 180))}" cy="${f(r.range(-150, 150))}" rx="6" ry="3.5" fill="${r.pick(["#8a6a48", "#c9a87e", "#5e4530"])}" transform="rotate(${f(r.range(0, 180))})"/>`;
    return `<g transform="translate(${x} ${y}) rotate(${a})"><rect x="-206" y="-176" width="430" height="370" rx="70" fill="#000" opacity="0.3" filter="url(#softer)"/><rect x="-220" y="-190" width="440" height="380" rx="70" fill="#5a3d24"/><rect x="-200" y="-170" width="400" height="340" rx="56" fill="#7a5534"/><g>${seeds}</g></g>`;
  };
  body += slice(520, 560, -6) + slice(1050, 580, 8);
  body += eggHalf(450, 500, 110, -20) + eggHalf(600, 640, 105, 15) + eggHalf(980, 510, 110, 25) + eggHalf(1120, 660, 100, -10);
  for (let i = 0; i < 120; i++) {
    const x = r.pick([520, 1050]) + r.range(-170, 170);
    const y = r.range(420, 730);
    body += leaf(x, y, r.range(16, 26), r.range(0, 360), r.pick([C.sage300, C.sage400, "#a9c77d"]), false);
  }
  body += dots(r, 800, 600, 560, 80, [C.bark900], [2, 3]);
  body += `<g transform="translate(1380 1100)"><rect x="-120" y="-90" width="240" height="180" rx="10" fill="#000" opacity="0.3" filter="url(#softer)"/><rect x="-130" y="-100" width="240" height="180" rx="10" fill="${C.cream100}"/></g>`;
  for (let i = 0; i < 60; i++)
    body += leaf(
      1260 + r.range(10, 210),
      1010 + r.range(10, 160),
      r.range(14, 22),
      r.range(0, 360),
      r.pick([C.sage300, C.sage400, "#a9c77d"]),
      false,
    );
  return svgDocument(W, H, body);
}

/** The drink from the side: a glass on the board, ginger, banana and oats beside it. */
function ingwerHaferDrink(): string {
  const r = rng(108);
  const defs =
    linear("wall", [
      [0, C.forest700],
      [1, C.forest800],
    ]) +
    linear("drink", [
      [0, "#f3e1b8"],
      [1, "#e0c48c"],
    ]) +
    linear(
      "glass",
      [
        [0, "#ffffff"],
        [0.5, "#ffffff"],
        [1, "#ffffff"],
      ],
      1,
      0,
    );
  let body = `<rect width="${W}" height="${H}" fill="url(#wall)"/>`;
  body += `<rect y="840" width="${W}" height="360" fill="${C.bark500}"/><rect y="840" width="${W}" height="16" fill="#000" opacity="0.2"/>`;
  for (let i = 0; i < 8; i++)
    body += `<path d="M0 ${880 + i * 40} Q800 ${890 + i * 40 + r.range(-6, 6)} 1600 ${880 + i * 40}" stroke="#000" stroke-width="2" opacity="0.1" fill="none"/>`;
  // a window with morning light
  body += `<rect x="1130" y="110" width="300" height="380" rx="8" fill="${C.bark700}"/><rect x="1150" y="130" width="260" height="340" fill="${C.ember200}"/><rect x="1150" y="130" width="260" height="340" fill="${C.ember300}" opacity="0.45"/><rect x="1274" y="130" width="12" height="340" fill="${C.bark700}"/><rect x="1150" y="294" width="260" height="12" fill="${C.bark700}"/><rect x="1110" y="480" width="340" height="22" rx="4" fill="${C.bark800}"/>`;
  // glass
  body += `<ellipse cx="820" cy="930" rx="190" ry="30" fill="#000" opacity="0.35" filter="url(#softer)"/>`;
  body += `<path d="M640 300 L1000 300 L960 920 Q800 950 680 920 Z" fill="#fff" opacity="0.16"/>`;
  body += `<path d="M652 400 L988 400 L956 900 Q800 930 684 900 Z" fill="url(#drink)"/>`;
  body += `<ellipse cx="820" cy="400" rx="168" ry="22" fill="#f8ecd0"/>`;
  body += flakes(r, 820, 398, 120, 26, "#d8bf8a", 9).replace(
    / cy="([\d.]+)"/g,
    (_m, y) => ` cy="${f(398 + (Number(y) - 398) * 0.15)}"`,
  );
  body += `<path d="M690 330 L720 880" stroke="#fff" stroke-width="16" opacity="0.35" stroke-linecap="round"/>`;
  body += `<ellipse cx="820" cy="300" rx="180" ry="24" fill="none" stroke="#fff" stroke-width="5" opacity="0.5"/>`;
  // straw
  body += `<path d="M880 390 L1010 170" stroke="${C.ember400}" stroke-width="18" stroke-linecap="round"/>`;
  // ginger root
  body += `<g transform="translate(300 900)"><path d="M-190 10 C-200 -40 -120 -60 -80 -40 C-60 -90 20 -100 40 -50 C80 -90 160 -70 170 -20 C220 -10 220 40 170 50 C100 70 -120 70 -190 10 Z" fill="#000" opacity="0.3" filter="url(#softer)"/><path d="M-200 0 C-210 -50 -130 -70 -90 -50 C-70 -100 10 -110 30 -60 C70 -100 150 -80 160 -30 C210 -20 210 30 160 40 C90 60 -130 60 -200 0 Z" fill="#d9b27a"/><path d="M-150 -10 q60 -20 120 0 M0 -30 q50 -10 110 10" stroke="#b88c55" stroke-width="6" fill="none" stroke-linecap="round"/><ellipse cx="160" cy="5" rx="30" ry="26" fill="#f3dfa8"/></g>`;
  // banana
  body += `<g transform="translate(1220 880)"><path d="M-230 -10 C-120 80 120 80 230 -40" stroke="#000" stroke-width="66" opacity="0.25" fill="none" stroke-linecap="round" filter="url(#softer)"/><path d="M-240 -30 C-130 60 110 60 220 -60" stroke="#f1cf4a" stroke-width="62" fill="none" stroke-linecap="round"/><path d="M-230 -10 C-130 50 110 40 210 -40" stroke="#d9b238" stroke-width="10" fill="none" stroke-linecap="round"/><path d="M220 -60 l30 -30" stroke="${C.bark700}" stroke-width="22" stroke-linecap="round"/></g>`;
  // oats on the board and a honey spoon
  body += flakes(r, 560, 1060, 110, 50, "#e2cf9f", 13);
  body += `<g transform="translate(1060 1080) rotate(-8)"><rect x="-20" y="-12" width="300" height="22" rx="11" fill="${C.bark400}"/><ellipse cx="-40" cy="0" rx="60" ry="36" fill="${C.bark400}"/><ellipse cx="-40" cy="-2" rx="44" ry="24" fill="${C.ember400}"/></g>`;
  return svgDocument(W, H, body, defs);
}

export const RECIPE_SCENES: Record<string, () => string> = {
  haferbrei: haferbrei,
  linseneintopf: linseneintopf,
  ofenkartoffeln: ofenkartoffeln,
  "sauerkraut-apfel-salat": sauerkrautSalat,
  forelle: forelle,
  "rote-bete-suppe": roteBeteSuppe,
  vollkornbrot: vollkornbrot,
  "ingwer-hafer-drink": ingwerHaferDrink,
};
