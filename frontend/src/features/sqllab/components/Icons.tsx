// Small inline SVG icons: font glyphs for these vary by platform and some render as empty boxes.
const base = { width: 14, height: 14, viewBox: '0 0 16 16', fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, 'aria-hidden': true } as const;

export const CopyIcon = () => (
  <svg {...base}>
    <rect x="5" y="5" width="9" height="9" rx="1.5" />
    <path d="M11 5V3.5A1.5 1.5 0 0 0 9.5 2h-6A1.5 1.5 0 0 0 2 3.5v6A1.5 1.5 0 0 0 3.5 11H5" />
  </svg>
);

export const PlayIcon = () => (
  <svg {...base} fill="currentColor" stroke="none">
    <path d="M4.5 2.8v10.4a.6.6 0 0 0 .9.5l8.3-5.2a.6.6 0 0 0 0-1L5.4 2.3a.6.6 0 0 0-.9.5Z" />
  </svg>
);

export const TableIcon = () => (
  <svg {...base} strokeWidth={1.3}>
    <rect x="2" y="3" width="12" height="10" rx="1.2" />
    <path d="M2 6.5h12M6 6.5V13" />
  </svg>
);
