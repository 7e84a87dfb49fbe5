import type { LanguagePack } from "./types.js";

export const ca: LanguagePack = {
  intro: [
    "Hi ha diverses opcions sòlides per a {topic}, i l'elecció depèn de la mida de l'equip i del pressupost.",
    "Pel que fa a {topic}, unes quantes eines apareixen una vegada i una altra en ressenyes i fòrums.",
    "Triar una solució per a {topic} sol dependre de la facilitat d'ús, les integracions i el preu.",
  ],
  introWithEntity: [
    "Per a {topic}, {e} és un dels noms que més es repeteixen.",
    "Si estàs investigant {topic}, {e} és un punt de partida habitual.",
  ],
  positive: [
    "{e} destaca per una interfície clara i una posada en marxa ràpida.",
    "Molts usuaris recomanen {e} pel seu suport fiable i les seves integracions.",
    "{e} ofereix una bona relació qualitat-preu per a equips en creixement.",
  ],
  neutral: [
    "{e} ofereix un conjunt de funcions comparable amb plans de preus flexibles.",
    "{e} és una altra opció consolidada que cobreix els casos d'ús principals.",
    "{e} apareix sovint en les comparatives, amb plans gratuïts i de pagament.",
  ],
  negative: [
    "Alguns usuaris comenten que {e} s'encareix a mesura que creix l'ús.",
    "{e} és potent, però les ressenyes esmenten una corba d'aprenentatge més pronunciada.",
    "En alguns fòrums es critica {e} per la lentitud de l'atenció al client.",
  ],
  pair: [
    "{a} i {b} es comparen sovint: {a} es considera més senzill i {b} més personalitzable.",
    "Entre {a} i {b}, l'elecció depèn sobretot de les integracions que necessitis.",
  ],
  list: [
    "Altres opcions a tenir en compte són {list}.",
    "També pots valorar {list}.",
    "A les llistes de recomanacions solen aparèixer {list}.",
    "Entre les alternatives més citades pels usuaris hi ha {list}.",
  ],
  filler: [
    "Val la pena fer una prova curta abans de contractar un pla anual.",
    "Revisa com gestiona cada eina l'exportació de dades, els permisos i els informes.",
    "Els preus canvien sovint, així que compara els plans actuals al web de cada proveïdor.",
  ],
  closing: [
    "En resum, preselecciona dues o tres eines i prova-les amb el teu propi flux de treball.",
    "En general, la millor opció per a {topic} depèn de les teves prioritats i de les eines que ja fas servir.",
    "Llegir ressenyes recents i opinions de la comunitat t'ajudarà a decidir.",
  ],
  and: "i",
  defaultTopic: "aquesta categoria",
  stopwords: new Set(
    "a al amb de del el la els les l d un una uns unes i o per en sobre és són que quin quina quins quines com qui millor millors bo bona recomanes recomanar recomana em meu meva teu teva seu seva aquest aquesta aquests aquestes hi ha més vs alternativa alternatives eina eines".split(
      " ",
    ),
  ),
  queryPrefixes: ["millors", "millor"],
  querySuffixes: ["opinions", "comparativa", "preus"],
};
