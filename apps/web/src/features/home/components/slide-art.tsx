// The hero pictures, drawn in SVG: light to send, sharp on every screen, no layout shift.
const common = { viewBox: '0 0 1200 600', preserveAspectRatio: 'xMidYMid slice', 'aria-hidden': true, className: 'absolute inset-0 h-full w-full' } as const;

export function BeachCentreArt() {
  return (
    <svg {...common}>
      <defs>
        <linearGradient id="sky-day" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stopColor="#38bdf8" /><stop offset="1" stopColor="#bae6fd" /></linearGradient>
      </defs>
      <rect width="1200" height="600" fill="url(#sky-day)" />
      <circle cx="980" cy="120" r="70" fill="#fde047" />
      <path d="M0 300 Q300 270 600 300 T1200 300 V380 H0Z" fill="#0e7490" />
      <path d="M0 360 Q300 340 600 360 T1200 360 V600 H0Z" fill="#fcd9a0" />
      <g stroke="#7c2d12" strokeWidth="6"><line x1="380" y1="520" x2="380" y2="400" /><line x1="820" y1="520" x2="820" y2="400" /></g>
      <rect x="380" y="400" width="440" height="40" fill="none" stroke="#ffffff" strokeWidth="4" strokeDasharray="10 6" />
      <circle cx="600" cy="300" r="26" fill="#fff" stroke="#f59e0b" strokeWidth="5" />
    </svg>
  );
}

export function SportsArt() {
  return (
    <svg {...common}>
      <rect width="1200" height="600" fill="#f59e0b" />
      <path d="M0 420 Q600 360 1200 420 V600 H0Z" fill="#fcd9a0" />
      <g transform="translate(300 300)"><circle r="90" fill="#fff" stroke="#0e7490" strokeWidth="8" /><path d="M-90 0 Q0 -40 90 0 M-60 -66 Q10 0 -20 86 M60 -66 Q-10 0 20 86" fill="none" stroke="#0e7490" strokeWidth="6" /></g>
      <g transform="translate(600 280)"><ellipse rx="70" ry="95" fill="none" stroke="#1e293b" strokeWidth="10" /><line x1="0" y1="95" x2="0" y2="190" stroke="#1e293b" strokeWidth="14" /><circle cx="110" cy="-40" r="30" fill="#bef264" /></g>
      <g transform="translate(900 310)"><circle r="85" fill="#fff" /><polygon points="0,-30 28,-9 17,24 -17,24 -28,-9" fill="#1e293b" /></g>
    </svg>
  );
}

export function EveningArt() {
  return (
    <svg {...common}>
      <defs>
        <linearGradient id="sky-night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stopColor="#0f172a" /><stop offset="1" stopColor="#4c1d95" /></linearGradient>
        <radialGradient id="glow"><stop offset="0" stopColor="#fef9c3" stopOpacity="0.9" /><stop offset="1" stopColor="#fef9c3" stopOpacity="0" /></radialGradient>
      </defs>
      <rect width="1200" height="600" fill="url(#sky-night)" />
      <circle cx="180" cy="110" r="40" fill="#e2e8f0" />
      <path d="M0 420 Q600 380 1200 420 V600 H0Z" fill="#a16207" />
      {[250, 950].map((x) => (
        <g key={x}><line x1={x} y1="430" x2={x} y2="150" stroke="#94a3b8" strokeWidth="10" /><circle cx={x} cy="150" r="160" fill="url(#glow)" /><rect x={x - 30} y="135" width="60" height="24" fill="#fef08a" /></g>
      ))}
      <g stroke="#e2e8f0" strokeWidth="6"><line x1="420" y1="520" x2="420" y2="410" /><line x1="780" y1="520" x2="780" y2="410" /></g>
      <rect x="420" y="410" width="360" height="36" fill="none" stroke="#fff" strokeWidth="4" strokeDasharray="10 6" />
    </svg>
  );
}
