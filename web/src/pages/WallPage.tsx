import { PRODUCT_NAME } from '@kpi/contracts';
import { useEffect } from 'react';
import { useAtomValue } from '../lib/store';
import { wallTokenAtom } from '../features/wall/atoms';
import { PairingScreen } from '../features/wall/PairingScreen';
import { WallPairingEffect } from '../features/wall/WallPairingEffect';
import { WallRealtimeEffect } from '../features/wall/WallRealtimeEffect';
import { WallScreen } from '../features/wall/WallScreen';

/** /wall: the office TV. No login and no dashboard shell; a pairing code until an admin claims it, then the board. */
export default function WallPage() {
  const token = useAtomValue(wallTokenAtom);

  useEffect(() => {
    const title = document.title;
    document.title = `${PRODUCT_NAME} — Wall display`;
    return () => {
      document.title = title;
    };
  }, []);

  return (
    <div className="fixed inset-0 overflow-hidden bg-slate-950 bg-[radial-gradient(ellipse_at_top,rgb(49_46_129/0.45),transparent_60%)] text-slate-100 antialiased">
      {token ? (
        <>
          <WallRealtimeEffect token={token} />
          <WallScreen />
        </>
      ) : (
        <>
          <WallPairingEffect />
          <PairingScreen />
        </>
      )}
    </div>
  );
}
