import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { ScreenPending } from '../../ui/screen-pending';

export function ForgotPasswordScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`Reset password`}>
      <ScreenPending />
    </Page>
  );
}
