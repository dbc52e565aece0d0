export function ContactsScreen() {
  return <div data-testid="contacts-page" />;
}
