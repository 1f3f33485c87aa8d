// Worker thread: main content of one web page at a time (jsdom and Readability), for crawl.ts.
import { extractMainContent, type HtmlContent } from './extract-html.js';
import { taskHandler } from './worker-tasks.js';

export interface HtmlTask {
  html: string;
  url: string;
}

export default taskHandler<HtmlTask, HtmlContent>((task) => extractMainContent(task.html, task.url));
