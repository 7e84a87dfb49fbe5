import type { LanguagePack } from "./types.js";

export const es: LanguagePack = {
  intro: [
    "Hay varias opciones sólidas para {topic}, y la elección depende del tamaño de tu equipo y del presupuesto.",
    "En cuanto a {topic}, unas pocas herramientas aparecen una y otra vez en reseñas y foros.",
    "Elegir una solución para {topic} suele depender de la facilidad de uso, las integraciones y el precio.",
  ],
  introWithEntity: [
    "Para {topic}, {e} es uno de los nombres que más se repiten.",
    "Si estás investigando {topic}, {e} es un punto de partida habitual.",
  ],
  positive: [
    "{e} destaca por una interfaz clara y una puesta en marcha rápida.",
    "Muchos usuarios recomiendan {e} por su soporte fiable y sus integraciones.",
    "{e} ofrece una buena relación calidad-precio para equipos en crecimiento.",
  ],
  neutral: [
    "{e} ofrece un conjunto de funciones comparable con planes de precios flexibles.",
    "{e} es otra opción consolidada que cubre los casos de uso principales.",
    "{e} aparece a menudo en las comparativas, con planes gratuitos y de pago.",
  ],
  negative: [
    "Algunos usuarios comentan que {e} se encarece a medida que crece el uso.",
    "{e} es potente, pero las reseñas mencionan una curva de aprendizaje más pronunciada.",
    "En algunos foros se critica a {e} por la lentitud de su atención al cliente.",
  ],
  pair: [
    "{a} y {b} se comparan con frecuencia: {a} se considera más sencillo y {b} más personalizable.",
    "Entre {a} y {b}, la elección depende sobre todo de las integraciones que necesites.",
  ],
  list: [
    "Otras opciones a tener en cuenta son {list}.",
    "También puedes valorar {list}.",
    "En las listas de recomendaciones suelen aparecer {list}.",
    "Entre las alternativas más citadas por los usuarios están {list}.",
  ],
  filler: [
    "Conviene hacer una prueba corta antes de contratar un plan anual.",
    "Revisa cómo gestiona cada herramienta la exportación de datos, los permisos y los informes.",
    "Los precios cambian a menudo, así que compara los planes actuales en la web de cada proveedor.",
  ],
  closing: [
    "En resumen, preselecciona dos o tres herramientas y pruébalas con tu propio flujo de trabajo.",
    "En general, la mejor opción para {topic} depende de tus prioridades y de las herramientas que ya usas.",
    "Leer reseñas recientes y opiniones de la comunidad te ayudará a decidir.",
  ],
  and: "y",
  defaultTopic: "esta categoría",
  stopwords: new Set(
    "a al con de del el la las los lo un una unos unas y o u para por en sobre es son que qué cual cuál cuales cuáles como cómo quien quién mejor mejores buen buena bueno recomiendas recomendar recomienda me mi mis mi tu tus su sus este esta estos estas hay más vs frente alternativa alternativas herramienta herramientas".split(
      " ",
    ),
  ),
  queryPrefixes: ["mejores", "mejor"],
  querySuffixes: ["opiniones", "comparativa", "precios"],
};
