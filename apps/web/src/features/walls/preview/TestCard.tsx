import type { CSSProperties } from 'react';

/** A test card as big as the wall's canvas: bars, a circle and its diagonals show where the seams fall. */
export function TestCard({ width, height, style }: { width: number; height: number; style: CSSProperties }) {
  const bars = ['#f4d35e', '#9bd1e5', '#a8e0a0', '#f4a6c0', '#c3b1e1', '#f7b267', '#8fd3c7', '#d9d9d9'];
  const side = Math.min(width, height);
  const stroke = Math.max(2, side / 70);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden
      style={{ position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', ...style }}
    >
      {bars.map((fill, i) => (
        <rect
          key={fill}
          x={(i * width) / bars.length}
          y={0}
          width={width / bars.length + 1}
          height={height}
          fill={fill}
        />
      ))}
      <g stroke="#1f2933" strokeWidth={stroke} fill="none">
        <line x1={0} y1={0} x2={width} y2={height} />
        <line x1={width} y1={0} x2={0} y2={height} />
        <circle cx={width / 2} cy={height / 2} r={side * 0.42} />
        <line
          x1={width / 2}
          y1={0}
          x2={width / 2}
          y2={height}
          strokeDasharray={`${stroke * 4} ${stroke * 3}`}
        />
        <line
          x1={0}
          y1={height / 2}
          x2={width}
          y2={height / 2}
          strokeDasharray={`${stroke * 4} ${stroke * 3}`}
        />
      </g>
    </svg>
  );
}
