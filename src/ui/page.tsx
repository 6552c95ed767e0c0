/** A screen: sticky navigation bar with back button and title, then content. */
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { BackIcon } from './icons';

interface PageProps {
  title: string;
  /** Tab pages have no back button and leave room for the tab bar. */
  tab?: boolean;
  /** Where back goes when there is no history (opened from a link or the home screen). */
  backTo?: string;
  hideBack?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}

export function Page({ title, tab = false, backTo = '/pages/index/index', hideBack, actions, children }: PageProps) {
  const router = useRouter();
  const { t } = useLingui();
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('[data-page-title]');
    // Move focus to the new screen's title so screen readers announce the navigation.
    if (heading && document.activeElement === document.body) heading.focus({ preventScroll: true });
  }, []);
  const goBack = () => {
    if (window.history.length > 1 && router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: backTo, replace: true });
  };
  return (
    <div className={tab ? 'page page--tab' : 'page'}>
      <header className="navbar">
        <div>
          {!tab && !hideBack && (
            <button type="button" className="icon-button" onClick={goBack} aria-label={t`Back`}>
              <BackIcon className="flip-rtl" />
            </button>
          )}
        </div>
        <h1 className="navbar__title" data-page-title tabIndex={-1}>
          {title}
        </h1>
        <div>{actions}</div>
      </header>
      <main className="page__body">{children}</main>
    </div>
  );
}
