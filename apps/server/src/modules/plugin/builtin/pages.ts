/**
 * The pages of the built-in plugins (manifests in core's plugin/builtin.ts). Each is one self-contained
 * page: it reads `vitrine.settings`, draws, and calls `vitrine.ready()` (the bridge in ../plugin.host.ts).
 */
const frame = (style: string, body: string, script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>html,body{margin:0;height:100%;overflow:hidden;font-family:system-ui,sans-serif}${style}</style></head>
<body>${body}<script>(function(){var s=vitrine.settings;document.body.style.background=s.background||'';document.body.style.color=s.color||'';${script}})();</script></body></html>`;

const centred =
  'body{display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center}';

const clock = frame(
  `${centred}#t{font-size:22vmin;font-weight:700;font-variant-numeric:tabular-nums}#d{font-size:7vmin;opacity:.8}`,
  '<div id="t"></div><div id="d"></div>',
  `var o={timeZone:vitrine.timeZone};
function tick(){var n=new Date();
document.getElementById('t').textContent=n.toLocaleTimeString(vitrine.locale,Object.assign({hour:'2-digit',minute:'2-digit'},s.showSeconds?{second:'2-digit'}:{},o));
document.getElementById('d').textContent=s.showDate?n.toLocaleDateString(vitrine.locale,Object.assign({weekday:'long',day:'numeric',month:'long'},o)):'';}
tick();setInterval(tick,1000);vitrine.ready();`,
);

const countdown = frame(
  `${centred}#h{font-size:8vmin}#c{font-size:16vmin;font-weight:700;font-variant-numeric:tabular-nums}`,
  '<div id="h"></div><div id="c"></div>',
  `document.getElementById('h').textContent=s.title;var end=s.target?new Date(s.target).getTime():NaN;
function two(n){return n<10?'0'+n:''+n}
function tick(){var left=Math.max(0,Math.floor((end-Date.now())/1000)),c=document.getElementById('c');
if(isNaN(end)){c.textContent='';return}
if(left===0&&s.done){c.textContent=s.done;return}
var d=Math.floor(left/86400),h=Math.floor(left%86400/3600),m=Math.floor(left%3600/60),x=left%60;
c.textContent=(d?d+' · ':'')+two(h)+':'+two(m)+':'+two(x);}
tick();setInterval(tick,1000);vitrine.ready();`,
);

const webpage = frame(
  'iframe{border:0;width:100%;height:100%}',
  '<iframe id="f" referrerpolicy="no-referrer"></iframe>',
  `var f=document.getElementById('f');f.onload=function(){vitrine.ready()};if(s.url){f.src=s.url}else{vitrine.ready()}
if(s.reload>0)setInterval(function(){f.src=s.url},s.reload*60000);`,
);

const rss = frame(
  '#w{position:absolute;inset:0;display:flex;align-items:center;white-space:nowrap;font-size:40vh}#l{position:absolute;will-change:transform}',
  '<div id="w"><span id="l"></span></div>',
  `var l=document.getElementById('l'),x=innerWidth,last=performance.now();
function load(){return vitrine.request({kind:'feed',url:s.url}).then(function(f){
l.textContent=f.items.map(function(i){return i.title}).join('   •   ');},function(){});}
function step(t){x-=(t-last)/1000*s.speed;last=t;if(x<-l.offsetWidth)x=innerWidth;l.style.transform='translateX('+x+'px)';requestAnimationFrame(step)}
(s.url?load():Promise.resolve()).then(function(){vitrine.ready();requestAnimationFrame(step)});setInterval(load,600000);`,
);

const qr = frame(
  `${centred}svg{width:70vmin;height:70vmin}#c{font-size:7vmin;margin-top:3vmin}`,
  '<div id="q"></div><div id="c"></div>',
  `document.getElementById('c').textContent=s.caption;
vitrine.request({kind:'qr',text:s.text||' '}).then(function(q){
document.getElementById('q').innerHTML='<svg viewBox="0 0 '+q.size+' '+q.size+'"><rect width="100%" height="100%" fill="'+s.background+'"/><path fill="'+s.color+'" d="'+q.path+'"/></svg>';
}).finally(function(){vitrine.ready()});`,
);

/** Built-in plugin id -> its page. */
export const BUILTIN_PAGES: Readonly<Record<string, string>> = {
  'vitrine.clock': clock,
  'vitrine.countdown': countdown,
  'vitrine.webpage': webpage,
  'vitrine.rss': rss,
  'vitrine.qr': qr,
};
