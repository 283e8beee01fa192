/** The icon names a nutrition principle may use (content/principles.json `icon`); each has a drawing in PrincipleIcon. */
export const PRINCIPLE_ICONS = ["wheat", "leaf", "jar", "clock", "drop", "flame", "sun", "heart"] as const;
