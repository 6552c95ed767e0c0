import { createFileRoute } from '@tanstack/react-router';
import { AddressBookScreen } from '../../../features/address-book/address-book-screen';

export const Route = createFileRoute('/pages/my/address-book')({
  component: AddressBookScreen,
});
