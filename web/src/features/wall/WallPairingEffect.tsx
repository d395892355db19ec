import { useEffect } from 'react';
import { runPairing } from './pairing';

/** While the screen is not paired: show a code and wait for an admin to claim it. */
export function WallPairingEffect() {
  useEffect(() => runPairing(), []);
  return null;
}
