/**
 * The wall screens' themes (大屏配置 → 主题): CSS variables set on the stage, read by the frame and panels, so every
 * screen follows the department's choice. Each theme is dark (DESIGN §1: wall screens are dark).
 */
import type { VisualConfig } from '../../core/contract/izs-visual/visual.contract.ts';

export type WallTheme = VisualConfig['theme'];

export const WALL_THEMES: Record<WallTheme, Record<string, string>> = {
  blue: {
    '--wall-bg': 'radial-gradient(ellipse at top, #0d2447 0%, #050b1a 70%)',
    '--wall-accent': '#69b1ff',
    '--wall-title': '#e6f0ff',
    '--wall-line': 'rgba(64,150,255,.35)',
    '--wall-panel': 'linear-gradient(180deg, rgba(22,60,120,.35), rgba(5,11,26,.2))',
    '--wall-header': 'linear-gradient(180deg, rgba(22,60,120,.5), transparent)',
  },
  green: {
    '--wall-bg': 'radial-gradient(ellipse at top, #0b3a2c 0%, #03120d 70%)',
    '--wall-accent': '#5cdbd3',
    '--wall-title': '#e6fff5',
    '--wall-line': 'rgba(54,207,160,.35)',
    '--wall-panel': 'linear-gradient(180deg, rgba(16,90,66,.35), rgba(3,18,13,.2))',
    '--wall-header': 'linear-gradient(180deg, rgba(16,90,66,.5), transparent)',
  },
  dark: {
    '--wall-bg': '#050505',
    '--wall-accent': '#91caff',
    '--wall-title': '#f0f0f0',
    '--wall-line': 'rgba(255,255,255,.18)',
    '--wall-panel': 'linear-gradient(180deg, rgba(255,255,255,.06), rgba(255,255,255,.02))',
    '--wall-header': 'linear-gradient(180deg, rgba(255,255,255,.08), transparent)',
  },
};
