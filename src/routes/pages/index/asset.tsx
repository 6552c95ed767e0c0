import { createFileRoute } from '@tanstack/react-router';
import { AssetScreen } from '../../../features/asset/asset-screen';
import { requiredId, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/index/asset')({
  // The currency symbol (USDT, TRX…): a page opened without one has nothing to show.
  validateSearch: searchSchema({ currency: requiredId }),
  component: AssetScreen,
});
