/**
 * accord/no-untranslated-text (docs/product.md "Languages", decision 096): in a component whose
 * words come from the catalogs (src/client/locales, read through useMessages), a word written in
 * the code would stay English in every language. The rule reports, in the files it is given
 * (TRANSLATED_FILES in eslint.config.js, which grows as screens are translated):
 * - text between JSX tags that holds a letter;
 * - a string with a letter given to an attribute people read or hear (aria-label, title, alt,
 *   placeholder, label, aria-description, aria-placeholder, aria-roledescription, aria-valuetext);
 * - a string with a letter in a JSX expression container among the children (`{'Save'}`).
 * Allowed: what the `allow` option lists (names that are the same in every language: Accord, the
 * book's title), alone or among symbols, and text without a letter (digits, punctuation, symbols).
 */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'alt',
  'placeholder',
  'label',
])
const LETTER = /\p{L}/u

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Words a person reads come from the message catalogs in a translated component' },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      text: 'The words "{{text}}" are written in the code: take them from the catalogs (useMessages, src/client/locales/*/messages.json), so every language has them.',
    },
  },
  create(context) {
    const allow = new Set((context.options[0]?.allow ?? []).map((text) => text.trim()))
    const check = (node, raw) => {
      const text = raw.replace(/\s+/g, ' ').trim()
      // A name that is the same in every language may stand among symbols: "(Accord) →".
      const rest = [...allow].reduce((left, name) => left.split(name).join(' '), text)
      if (!LETTER.test(rest)) return
      context.report({ node, messageId: 'text', data: { text: text.length > 60 ? `${text.slice(0, 57)}...` : text } })
    }
    return {
      JSXText: (node) => check(node, node.value),
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : null
        if (!name || !READ_ATTRIBUTES.has(name) || !node.value) return
        if (node.value.type === 'Literal' && typeof node.value.value === 'string') check(node.value, node.value.value)
        if (node.value.type === 'JSXExpressionContainer') {
          const expression = node.value.expression
          if (expression.type === 'Literal' && typeof expression.value === 'string') check(expression, expression.value)
          if (expression.type === 'TemplateLiteral') for (const quasi of expression.quasis) check(quasi, quasi.value.cooked ?? '')
        }
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return
        const expression = node.expression
        if (expression.type === 'Literal' && typeof expression.value === 'string') check(expression, expression.value)
        if (expression.type === 'TemplateLiteral') for (const quasi of expression.quasis) check(quasi, quasi.value.cooked ?? '')
      },
    }
  },
}
