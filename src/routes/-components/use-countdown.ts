import { useEffect, useState } from 'react';

/** Milliseconds left until `until` (epoch ms), updated every second; null when there is nothing to wait for. */
export function useCountdown(until: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? null : Math.max(0, until - now);
}
