/** Line icons of the content sections (24×24, stroke = currentColor). Decorative: hidden from screen readers. */
import React from "react";
import type { PrincipleIconName } from "../../content/principle-icons";

type IconProps = { className?: string };

const Svg = ({ className = "h-6 w-6", children }: IconProps & { children: React.ReactNode }) => (
  <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

export const UsersIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="3.2" />
    <path d="M3 20c.6-3.4 3-5.3 6-5.3s5.4 1.9 6 5.3" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M16.5 14.3c2.5.1 4 1.8 4.5 4.7" />
  </Svg>
);
export const TreeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3 6.5 11h3L6 16h12l-3.5-5h3z" />
    <path d="M12 16v5" />
  </Svg>
);
export const PotIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 10h16v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z" />
    <path d="M2 10h2M20 10h2M9 6c0-1 1-1.5 1-2.5M13 6c0-1 1-1.5 1-2.5" />
  </Svg>
);
export const ChatIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 10h8M8 13h5" />
  </Svg>
);
export const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
);
export const CrossIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 7l10 10M17 7 7 17" />
  </Svg>
);
export const ArrowIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
);
export const WalkIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="13" cy="4.5" r="1.8" />
    <path d="m10 21 2.5-6.5L15 17v4M9 11l3-3.5 3 3 3 1M12 8l-1 5.5-3 2.5" />
  </Svg>
);
export const BowlIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 11h18a9 9 0 0 1-18 0z" />
    <path d="M8 8c.5-1.5 2-2.5 4-2.5s3.5 1 4 2.5" />
  </Svg>
);
export const TimerIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2M9.5 2.5h5" />
  </Svg>
);
export const ServingsIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="7" />
    <circle cx="12" cy="12" r="3.5" />
    <path d="M2 5v4a2 2 0 0 0 2 2v9M4 5v4M22 5c-1.5 0-2.5 2-2.5 5h2.5v10" />
  </Svg>
);
export const EnvelopeOpenIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 10 12 4l9 6v10H3z" />
    <path d="m3 10 9 6 9-6" />
  </Svg>
);

const principleDrawings: Record<PrincipleIconName, React.ReactNode> = {
  wheat: (
    <>
      <path d="M12 21V8" />
      <path d="M12 8c-2-1-2.5-3-2-5 2 .6 2.6 2.7 2 5zM12 8c2-1 2.5-3 2-5-2 .6-2.6 2.7-2 5z" />
      <path d="M12 13c-2.2-.4-3.5-2.2-3.5-4.3 2.2.3 3.4 2.1 3.5 4.3zM12 13c2.2-.4 3.5-2.2 3.5-4.3-2.2.3-3.4 2.1-3.5 4.3zM12 18c-2.2-.4-3.5-2.2-3.5-4.3 2.2.3 3.4 2.1 3.5 4.3zM12 18c2.2-.4 3.5-2.2 3.5-4.3-2.2.3-3.4 2.1-3.5 4.3z" />
    </>
  ),
  leaf: (
    <>
      <path d="M5 19C5 10 10 5 20 4c0 10-5 15-14 15" />
      <path d="M5 19 14 10" />
    </>
  ),
  jar: (
    <>
      <path d="M8 3h8v3H8z" />
      <path d="M7 6h10l1 3v10a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V9z" />
      <path d="M6 12h12" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  drop: <path d="M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11z" />,
  flame: <path d="M12 21a6 6 0 0 0 6-6c0-4-3-6-4-10-1 2-2 3-3.5 3.5C9 10 6 11.5 6 15a6 6 0 0 0 6 6z" />,
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  heart: <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" />,
};

/** The drawing named in content/principles.json; an unknown name is stopped by the content check. */
export function PrincipleIcon({ name, className }: { name: string; className?: string }) {
  const drawing = principleDrawings[name as PrincipleIconName] ?? principleDrawings.leaf;
  return <Svg className={className}>{drawing}</Svg>;
}
