import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <main className="sign-in card stack">
      <h1>
        <Trans>This page does not exist</Trans>
      </h1>
      <Link to="/">
        <Trans>Back to the overview</Trans>
      </Link>
    </main>
  );
}
