import { createFileRoute } from '@tanstack/react-router';
import { MessagesScreen } from '../../../features/messages/messages-screen';

export const Route = createFileRoute('/pages/my/message')({
  component: MessagesScreen,
});
