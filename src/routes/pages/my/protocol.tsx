import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ProtocolScreen } from '../../../features/settings/protocol-screen';

export const Route = createFileRoute('/pages/my/protocol')({
  validateSearch: z.object({ type: z.optional(z.enum(['agreement', 'privacy'])) }),
  component: ProtocolScreen,
});
