// Worker thread: main content of one web page at a time (jsdom and Readability), for crawl.ts.
import { extractMainContent, type HtmlContent } from './extract-html.js';
import { serveTasks } from './worker-tasks.js';

export interface HtmlTask {
  html: string;
  url: string;
}

serveTasks<HtmlTask, HtmlContent>((task) => extractMainContent(task.html, task.url));
