/** Body of a screen whose feature has not shipped yet: says so plainly instead of pretending. */
import { Trans } from '@lingui/react/macro';

export function ScreenPending() {
  return (
    <div className="card stack">
      <p className="muted">
        <Trans>This screen is coming in a later update.</Trans>
      </p>
    </div>
  );
}
