/** Colours the map and its screens' legends share (a plain module: importing it does not load L7). */

/** 补传 points of a track: positions reported late (0x0704 盲区补报, a delayed upload), stored as history. */
export const LATE_COLOR = '#f59e0b';
