// The section's controls (lab.html holds only its empty <section id="league">):
// made here so that the game page's precache holds none of the league
// (tools/build_site.py LAZY_PREFIXES). Every text comes from the catalogue.
export const MARKUP = `
<h2 id="league-h" data-i18n="lg-heading"></h2>
<p class="note" data-i18n="lg-intro"></p>
<h3 id="lg-bots-h" data-i18n="lg-bots"></h3>
<ol id="lg-bots" aria-labelledby="lg-bots-h"></ol>
<p id="lg-empty" class="note" data-i18n="lg-empty"></p>
<div class="lab-buttons">
  <button type="button" id="lg-add-editor" data-i18n="lg-add-editor"></button>
  <label class="file-button" for="lg-files"><span data-i18n="lg-add-files"></span></label>
  <input type="file" id="lg-files" class="visually-hidden" accept=".py,text/x-python,text/plain" multiple>
</div>
<div class="lab-form lg-level-row">
  <div><label for="lg-level" data-i18n="lg-level"></label>
    <select id="lg-level">
      <option value="easy" data-i18n="easy"></option>
      <option value="medium" data-i18n="medium"></option>
      <option value="hard" data-i18n="hard"></option>
    </select></div>
  <button type="button" id="lg-add-level" data-i18n="lg-add-level"></button>
</div>
<details id="lg-paste-box">
  <summary data-i18n="lg-paste"></summary>
  <label for="lg-paste-name" data-i18n="lg-name"></label>
  <input id="lg-paste-name" maxlength="24" autocomplete="off">
  <label for="lg-paste-code" data-i18n="lg-code"></label>
  <textarea id="lg-paste-code" rows="6" spellcheck="false" autocomplete="off"></textarea>
  <div class="lab-buttons"><button type="button" id="lg-add-paste" data-i18n="lg-add-paste"></button></div>
</details>
<details id="lg-links-box">
  <summary data-i18n="lg-links"></summary>
  <label for="lg-links-text" data-i18n="lg-links-label"></label>
  <textarea id="lg-links-text" rows="4" spellcheck="false" autocomplete="off"></textarea>
  <div class="lab-buttons"><button type="button" id="lg-add-links" data-i18n="lg-add-links"></button></div>
</details>
<p id="lg-status" role="status"></p>
<div class="lab-form">
  <div><label for="lg-players" data-i18n="lg-players"></label>
    <select id="lg-players">
      <option value="2">2</option><option value="3">3</option><option value="4">4</option>
      <option value="2..4" data-i18n="lg-players-all"></option>
    </select></div>
  <div><label for="lg-deals" data-i18n="lg-deals"></label>
    <input id="lg-deals" type="number" min="1" max="50" step="1" value="1" inputmode="numeric"></div>
  <div><label for="lg-seed" data-i18n="lg-seed"></label>
    <input id="lg-seed" type="number" min="0" step="1" inputmode="numeric"></div>
</div>
<p id="lg-plan" class="note"></p>
<div class="lab-buttons">
  <button type="button" id="lg-run" class="primary" data-i18n="lg-run" disabled></button>
</div>
<div id="lg-results" hidden>
  <div id="lg-kept-box" class="lg-kept" hidden>
    <p id="lg-kept"></p>
    <button type="button" id="lg-forget" data-i18n="lg-forget"></button>
  </div>
  <div class="table-scroll" tabindex="0" role="region" aria-labelledby="lg-standings-caption">
    <table id="lg-standings" class="lg-standings"></table>
  </div>
  <ul id="lg-notes" class="lg-notes" hidden></ul>
  <div class="lab-buttons">
    <button type="button" id="lg-dl-standings" data-i18n="lg-dl-standings"></button>
    <button type="button" id="lg-dl-games" data-i18n="lg-dl-games"></button>
    <button type="button" id="lg-dl-h2h" data-i18n="lg-dl-h2h"></button>
    <button type="button" id="lg-dl-records" data-i18n="lg-dl-records"></button>
  </div>
  <div class="table-scroll" tabindex="0" role="region" aria-labelledby="lg-h2h-caption">
    <table id="lg-h2h" class="lg-h2h"></table>
  </div>
  <h3 id="lg-games-h" data-i18n="lg-games"></h3>
  <ol id="lg-games" aria-labelledby="lg-games-h"></ol>
</div>
`;
