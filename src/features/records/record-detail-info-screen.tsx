import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { ScreenPending } from '../../ui/screen-pending';

export function RecordDetailInfoScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`Transaction info`}>
      <ScreenPending />
    </Page>
  );
}
