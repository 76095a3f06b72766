/** Route metadata: the page title (document title, and the assistant's page context later). */
export interface RouteHandle {
  title: string;
}
