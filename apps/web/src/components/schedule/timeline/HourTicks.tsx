import { Box, Text } from '@mantine/core';
import type { Tick } from './geometry';

/** The hours of the screen's clock under the bar (every hour, or fewer when narrow). */
export function HourTicks({
  ticks,
  from,
  span,
  color,
}: {
  ticks: Tick[];
  from: number;
  span: number;
  color: string;
}) {
  return (
    <Box pos="relative" h={22} aria-hidden>
      {ticks.map((tick, i) => (
        <Box
          key={`${tick.at}`}
          pos="absolute"
          top={0}
          style={{ left: `${((tick.at - from) / span) * 100}%` }}
        >
          <Box w={1} h={tick.labelled ? 6 : 3} style={{ background: color }} />
          {tick.labelled && (
            <Text
              fz={11}
              c="dimmed"
              style={{
                position: 'absolute',
                top: 6,
                transform:
                  i === 0 ? 'none' : i === ticks.length - 1 ? 'translateX(-100%)' : 'translateX(-50%)',
                whiteSpace: 'nowrap',
              }}
            >
              {tick.label}
            </Text>
          )}
        </Box>
      ))}
    </Box>
  );
}
