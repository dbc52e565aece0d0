export function TagsScreen() {
  return <div data-testid="tags-page" />;
}
