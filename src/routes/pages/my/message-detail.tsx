import { createFileRoute } from '@tanstack/react-router';
import { MessageDetailScreen } from '../../../features/messages/message-detail-screen';
import { requiredId, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/my/message-detail')({
  validateSearch: searchSchema({ id: requiredId }),
  component: MessageDetailScreen,
});
