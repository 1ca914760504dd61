// The builder used by keyboard alone, as the builder's browser tests drive it: Tab to a control by the name a
// person hears, press it, retype a box, choose in a select, add a field or a step, pick a part in the outline.
// One copy for every such test; `page` is a getter because the tests open their page in `before`.
import type { Page } from 'playwright-core';

/** The name a control is heard by: its aria-label, else its label's text, else its own text. */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLInputElement | null;
    return (a?.getAttribute('aria-label') ?? a?.labels?.[0]?.textContent ?? a?.textContent ?? '').trim();
  });

/** Whether a heard name is the one looked for: the same text, or matched by the pattern. */
const named = (here: string, name: string | RegExp) => (typeof name === 'string' ? here === name : name.test(here));

/** Tab presses before a test gives up looking for a control. */
const MOST_PRESSES = 300;

/** Keyboard steps on the builder's page that `page()` returns. */
export function builderKeyboard(page: () => Page) {
  /** Presses `key` (Tab, or Shift+Tab) until the focused control's name matches; the error lists the first names. */
  async function tabTo(name: string | RegExp, key = 'Tab') {
    const seen: string[] = [];
    for (let i = 0; i < MOST_PRESSES; i++) {
      await page().keyboard.press(key);
      const here = await focusedName(page());
      seen.push(here);
      if (named(here, name)) return;
    }
    throw new Error(`${key} never reached ${name}: ${seen.slice(0, 20).join(' | ')}`);
  }

  /** Presses Tab until the focused element matches the CSS selector. */
  async function tabToCss(selector: string) {
    for (let i = 0; i < MOST_PRESSES; i++) {
      await page().keyboard.press('Tab');
      if (await page().evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  /** Tabs to a control by its name and presses Enter. */
  async function press(name: string | RegExp, key = 'Tab') {
    await tabTo(name, key);
    await page().keyboard.press('Enter');
  }

  /** Types into the focused text box, replacing what it holds. */
  async function retype(text: string) {
    await page().keyboard.press('Control+A');
    await page().keyboard.type(text);
  }

  /** Chooses an option of the focused select with the arrow keys until its value is `value`. */
  async function choose(value: string) {
    await page().keyboard.press('Home');
    for (let i = 0; i < 30; i++) {
      if ((await page().evaluate(() => (document.activeElement as HTMLSelectElement).value)) === value) return;
      await page().keyboard.press('ArrowDown');
    }
    throw new Error(`no option ${value}`);
  }

  /** Selects the last `n` characters before the caret (Shift+ArrowLeft). */
  async function selectBack(n: number) {
    for (let i = 0; i < n; i++) await page().keyboard.press('Shift+ArrowLeft');
  }

  /** Adds a field: + Add field, the type by its name, then its label (the label box has the focus). */
  async function addField(type: string, label: string) {
    await press('+ Add field');
    await press(new RegExp(`^\\S+ ${type}$`));
    await retype(label);
  }

  /** Adds a step after the selected one and names it. */
  async function addStep(title: string) {
    await press('+ Add step');
    await tabTo('Step title');
    await retype(title);
  }

  /** Selects a part in the outline: back to the outline, then Tab to the entry whose text matches. */
  async function outline(text: RegExp) {
    await page().locator('.b-outline .b-select').first().focus();
    for (let i = 0; i < 100; i++) {
      const here = (await page().evaluate(() => document.activeElement?.textContent)) ?? '';
      if (text.test(here)) return page().keyboard.press('Enter');
      await page().keyboard.press('Tab');
    }
    throw new Error(`no outline entry ${text}`);
  }

  /** Waits until a button gave the focus back to the text it marked (it does so once the text re-rendered). */
  const backInText = () => page().waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');

  /** How far the page is wider than the window (0: no sideways scrolling). */
  const sideways = () => page().evaluate(() => document.documentElement.scrollWidth - innerWidth);

  return {
    focusedName: () => focusedName(page()),
    tabTo,
    tabToCss,
    press,
    retype,
    choose,
    selectBack,
    addField,
    addStep,
    outline,
    backInText,
    sideways,
  };
}
