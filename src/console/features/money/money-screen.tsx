/** Finance's money: the books against the chain with the sweeps held, and the reward pool. */
import { Trans } from '@lingui/react/macro';
import { BooksVsChain } from './books-vs-chain';
import { RewardPoolSection } from './reward-pool';

export function MoneyScreen() {
  return (
    <section className="stack">
      <h1>
        <Trans>Float and reward pool</Trans>
      </h1>
      <BooksVsChain />
      <RewardPoolSection />
    </section>
  );
}
