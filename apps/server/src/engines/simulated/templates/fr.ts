import type { LanguagePack } from "./types.js";

export const fr: LanguagePack = {
  intro: [
    "Il existe plusieurs options solides pour {topic}, et le bon choix dépend de la taille de votre équipe et de votre budget.",
    "En matière de {topic}, quelques outils reviennent sans cesse dans les avis et les forums.",
    "Choisir une solution pour {topic} dépend surtout de la simplicité, des intégrations et du prix.",
  ],
  introWithEntity: [
    "Pour {topic}, {e} fait partie des noms qui reviennent le plus souvent.",
    "Si vous étudiez {topic}, {e} est un point de départ courant.",
  ],
  positive: [
    "{e} est souvent salué pour son interface claire et sa prise en main rapide.",
    "De nombreux utilisateurs recommandent {e} pour son support fiable et ses intégrations.",
    "{e} offre un bon rapport qualité-prix pour les équipes en croissance.",
  ],
  neutral: [
    "{e} propose des fonctionnalités comparables avec des formules tarifaires flexibles.",
    "{e} est une autre option bien établie qui couvre les usages principaux.",
    "{e} apparaît souvent dans les comparatifs, avec des offres gratuites et payantes.",
  ],
  negative: [
    "Certains utilisateurs signalent que {e} devient coûteux quand l'usage augmente.",
    "{e} est puissant, mais les avis évoquent une courbe d'apprentissage plus raide.",
    "Quelques discussions reprochent à {e} la lenteur de son service client.",
  ],
  pair: [
    "{a} et {b} sont souvent comparés : {a} passe pour plus simple et {b} pour plus personnalisable.",
    "Entre {a} et {b}, le choix dépend surtout des intégrations dont vous avez besoin.",
  ],
  list: [
    "Parmi les autres options à considérer figurent {list}.",
    "Vous pouvez aussi regarder du côté de {list}.",
    "Les classements des meilleurs outils citent souvent {list}.",
    "Les alternatives les plus citées par les utilisateurs sont {list}.",
  ],
  filler: [
    "Il vaut mieux faire un court essai avant de souscrire une offre annuelle.",
    "Vérifiez comment chaque outil gère l'export des données, les droits et les rapports.",
    "Les tarifs changent souvent, comparez donc les offres actuelles sur le site de chaque éditeur.",
  ],
  closing: [
    "En résumé, retenez deux ou trois outils et testez-les avec votre propre façon de travailler.",
    "Globalement, le meilleur choix pour {topic} dépend de vos priorités et de vos outils actuels.",
    "Lire des avis récents et les retours de la communauté vous aidera à trancher.",
  ],
  and: "et",
  defaultTopic: "cette catégorie",
  stopwords: new Set(
    "a à au aux avec de du des d l la le les un une et ou pour par en sur est sont que quel quelle quels quelles qui comment pourquoi meilleur meilleure meilleurs meilleures bon bonne recommandez recommander me mon ma mes votre vos ce cet cette ces il y plus vs alternative alternatives outil outils".split(
      " ",
    ),
  ),
  queryPrefixes: ["meilleur", "meilleurs"],
  querySuffixes: ["avis", "comparatif", "tarifs"],
};
