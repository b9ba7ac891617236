import { useEffect } from 'react';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';

/** Routes served by another entry (visual, print, trace): a full page load lets the server hand them over. */
export default function ExternalScreen({ path }: ScreenProps) {
  useEffect(() => {
    window.location.replace(path + window.location.search);
  }, [path]);
  return null;
}
