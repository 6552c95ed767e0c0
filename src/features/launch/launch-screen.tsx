/**
 * Launch (SPEC §2): a brief branded splash that routes onward — home with a token (it is a private
 * page, so the guard already sent anyone else to login). The home route loads meanwhile.
 */
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BRAND } from '../../config/brand';
import { HOME_PATH, LOGIN_PATH } from '../../session/guard';
import { appStore } from '../../session/store';
import './launch-screen.css';

export const SPLASH_MS = 700;

export function LaunchScreen() {
  const { t } = useLingui();
  const router = useRouter();
  useEffect(() => {
    const to = appStore.get().token ? HOME_PATH : LOGIN_PATH;
    void router.preloadRoute({ to }).catch(() => undefined);
    const timer = setTimeout(() => void router.navigate({ to, replace: true }), SPLASH_MS);
    return () => clearTimeout(timer);
  }, [router]);
  return (
    <main className="launch" aria-busy="true">
      <img className="launch__logo" src="/icons/icon-192.png" alt="" width={96} height={96} />
      <h1 className="launch__name">{BRAND.productName}</h1>
      <p className="launch__tagline">{t`Your assets, safely in your pocket.`}</p>
      <p className="launch__version">{t`Version ${BRAND.version}`}</p>
    </main>
  );
}
