import { createFileRoute } from '@tanstack/react-router';
import { CurrencyHistory } from '../../../features/records/currency-history';
import { AssetScreen } from '../../../features/wallet/asset-screen';
import { requiredId, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/index/asset')({
  // The currency symbol (USDT, TRX…): a page opened without one has nothing to show.
  validateSearch: searchSchema({ currency: requiredId }),
  component: AssetRoute,
});

/** An asset's page, with its history from the records feature. */
function AssetRoute() {
  return <AssetScreen history={(currency) => <CurrencyHistory currency={currency} />} />;
}
