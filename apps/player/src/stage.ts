/** The stage turned and mirrored as the screen's settings say (rotation, mirror), so content stands upright. */
import type { Rotation } from '@vitrine/core';

/** The stage's CSS for a screen's rotation and mirror; `swap` when the stage is taller than wide. */
export function stageTransform(rotation: Rotation, mirror: boolean): { transform: string; swap: boolean } {
  const degrees = { NORMAL: 0, LEFT: -90, RIGHT: 90, UPSIDE_DOWN: 180 }[rotation] ?? 0;
  // Applied right to left: rotate the content, then mirror what the screen shows.
  const parts = ['translate(-50%, -50%)'];
  if (mirror) parts.push('scaleX(-1)');
  if (degrees) parts.push(`rotate(${degrees}deg)`);
  return { transform: parts.join(' '), swap: rotation === 'LEFT' || rotation === 'RIGHT' };
}

export function orientStage(stage: HTMLElement, rotation: Rotation, mirror: boolean): void {
  const { transform, swap } = stageTransform(rotation, mirror);
  stage.style.transform = transform;
  stage.style.width = swap ? '100vh' : '100vw';
  stage.style.height = swap ? '100vw' : '100vh';
}
