import { appStrings } from '../strings';

/** Grey bars where a screen's title and content will be; hidden from assistive technology. */
function ContentBars() {
  return (
    <div aria-hidden="true">
      <div className="boot-bar boot-title" />
      <div className="boot-bar" style={{ width: '80%' }} />
      <div className="boot-bar" style={{ width: '65%' }} />
      <div className="boot-bar boot-block" />
      <div className="boot-bar boot-block" />
    </div>
  );
}

/**
 * The whole page's outline while the router loads the first screen's code: the same markup as the
 * static one in index.html (whose inline styles draw both), so nothing moves when React takes over.
 */
export function PageSkeleton() {
  return (
    <div className="boot" aria-busy="true">
      <div className="boot-sidebar" aria-hidden="true">
        <div className="boot-bar" style={{ width: '40%' }} />
        <div className="boot-bar" />
        <div className="boot-bar" />
        <div className="boot-bar" style={{ width: '70%' }} />
      </div>
      <div className="boot-main">
        <p className="boot-hidden" role="status">
          {appStrings.loading}
        </p>
        <ContentBars />
      </div>
    </div>
  );
}

/** The content area's outline while a part of a screen loads, inside the layout. */
export function ContentSkeleton() {
  return (
    <div className="boot-main" aria-busy="true">
      <p className="boot-hidden" role="status">
        {appStrings.loading}
      </p>
      <ContentBars />
    </div>
  );
}
