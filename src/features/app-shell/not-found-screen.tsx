import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { HOME_PATH } from '../../session/guard';
import { Page } from '../../ui/page';

export function NotFoundScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`Page not found`}>
      <div className="card stack">
        <p>
          <Trans>This page does not exist.</Trans>
        </p>
        <Link to={HOME_PATH} className="button">
          <Trans>Go to Home</Trans>
        </Link>
      </div>
    </Page>
  );
}
