import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { ScreenPending } from '../../ui/screen-pending';

export function LanguageScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`Language`}>
      <ScreenPending />
    </Page>
  );
}
