import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { MessageDetailScreen } from '../../../features/messages/message-detail-screen';

export const Route = createFileRoute('/pages/my/message-detail')({
  validateSearch: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  component: MessageDetailScreen,
});
