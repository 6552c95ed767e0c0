/** Running the service (admin): the app version, the approval amounts, messages, the team. */
import { Trans } from '@lingui/react/macro';
import { AppVersionSection } from './app-version';
import { ApprovalLimitsSection } from './approval-limits';
import { BroadcastSection } from './broadcast';
import { OperatorsSection } from './operators';

export function ServiceScreen() {
  return (
    <section className="stack">
      <h1>
        <Trans>Service</Trans>
      </h1>
      <OperatorsSection />
      <BroadcastSection />
      <ApprovalLimitsSection />
      <AppVersionSection />
    </section>
  );
}
