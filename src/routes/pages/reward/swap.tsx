import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SwapScreen } from '../../../features/swap/swap-screen';

export const Route = createFileRoute('/pages/reward/swap')({
  validateSearch: z.object({ pair: z.optional(z.string().check(z.maxLength(64))) }),
  component: SwapScreen,
});
