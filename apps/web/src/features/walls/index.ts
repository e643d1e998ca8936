/** What other features read of video walls: all of them (canvas sizes), the wall a screen belongs to. */
export { useAllWalls, useWallOfPoint } from './walls.api';
