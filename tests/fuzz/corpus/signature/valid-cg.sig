<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>/tmp/build-compress/samples/cg</arg>
  <arg>-n</arg>
  <arg>64</arg>
  <arg>-i</arg>
  <arg>40</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="0" ratio="15.090909090909092" trace-length="332" signature-length="22"/>
 <sites>
  <site id="0" module="/tmp/build-compress/samples/cg" offset="5131"/>
  <site id="1" module="/tmp/build-compress/samples/cg" offset="7295"/>
  <site id="2" module="/tmp/build-compress/samples/cg" offset="6920"/>
  <site id="3" module="/tmp/build-compress/samples/cg" offset="6982"/>
  <site id="4" module="/tmp/build-compress/samples/cg" offset="5093"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="166" time-ns="99051929" compute-ns="346129" mpi-ns="74419435" per-event-ns="329" comms="0 -"/>
  <rank id="1" class="0" events="166" time-ns="108682832" compute-ns="371634" mpi-ns="88389480" per-event-ns="88" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0 1" program="1" events="166" length="11" time-ns="103867380.5">
  <symbol id="0" call="MPI_Init_thread" comm="0" site="0" occurrences="2">
   <side role="member" flags="" events="2" rbytes-events="2" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="2" mean="33760.5" min="11877" max="55644" shift="329" buckets="672:1 785:1"/>
   <compute-cpu count="2" mean="33760.5" min="11877" max="55644" shift="329" buckets="672:1 785:1"/>
   <duration count="2" mean="80869149" min="74134656" max="87603642" buckets="1305:1 1315:1"/>
  </symbol>
  <symbol id="1" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_SUM" site="1" prev-site="0" occurrences="2">
   <side role="member" flags="" events="2" rbytes-events="2" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="2" mean="42042" min="37081" max="47003" shift="329" buckets="756:1 771:1"/>
   <compute-cpu count="2" mean="40712.5" min="36004" max="45421" shift="329" buckets="754:1 769:1"/>
   <duration count="2" mean="258505" min="12247" max="504763" buckets="674:1 946:1"/>
  </symbol>
  <symbol id="2" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="2" prev-site="1" occurrences="82">
   <peer kind="rel" value="-1"/>
   <peer2 kind="rel" value="1"/>
   <side role="member" flags="" events="82" rbytes-events="41" count="64 64 64" bytes="512 512 512" rbytes="512 512 512"/>
   <compute count="82" mean="1196.8658536585365" min="421" max="20975" shift="329" buckets="432:3 434:1 436:1 440:2 450:1 454:1 463:8 464:8 465:9 466:8 469:1 470:1 474:31 477:1 482:1 498:2 500:1 713:1 714:1"/>
   <compute-cpu count="82" mean="1186.7317073170732" min="421" max="20574" shift="329" buckets="432:3 434:1 436:1 440:2 450:1 454:1 463:8 464:8 465:9 466:8 469:1 470:1 474:31 477:1 482:1 498:2 500:1 712:1 713:1"/>
   <duration count="82" mean="2551.2804878048782" min="1073" max="11800" buckets="502:1 504:1 510:2 512:2 516:2 517:2 518:1 519:1 520:3 521:2 522:2 524:1 526:2 527:2 528:3 531:2 532:1 533:2 534:3 536:2 537:5 538:1 539:1 540:1 542:1 543:1 544:2 545:1 549:1 551:1 552:2 553:4 554:1 557:1 560:1 562:2 563:1 564:1 566:1 575:1 579:1 583:1 600:2 601:1 602:1 605:1 607:1 614:1 618:1 625:1 629:1 659:1 668:1 672:1"/>
  </symbol>
  <symbol id="3" call="MPI_Sendrecv" comm="0" tag="2" tag2="2" dtsize="8" site="3" prev-site="2" occurrences="82">
   <peer kind="rel" value="1"/>
   <peer2 kind="rel" value="-1"/>
   <side role="member" flags="" events="82" rbytes-events="41" count="64 64 64" bytes="512 512 512" rbytes="512 512 512"/>
   <compute count="82" mean="131.78048780487805" min="0" max="1631" shift="329" zeros="44" buckets="175:1 348:1 351:1 358:1 360:3 362:1 363:2 364:3 366:3 368:1 370:1 372:4 374:1 378:1 382:1 390:2 405:1 406:1 409:1 410:1 426:1 432:1 433:1 449:1 453:1 506:1 529:1"/>
   <compute-cpu count="82" mean="131.78048780487805" min="0" max="1631" shift="329" zeros="44" buckets="175:1 348:1 351:1 358:1 360:3 362:1 363:2 364:3 366:3 368:1 370:1 372:4 374:1 378:1 382:1 390:2 405:1 406:1 409:1 410:1 426:1 432:1 433:1 449:1 453:1 506:1 529:1"/>
   <duration count="82" mean="2831.8658536585367" min="1236" max="13946" buckets="510:1 512:1 513:2 517:1 518:1 519:2 521:4 522:3 524:1 525:4 526:1 527:3 528:2 529:3 531:1 533:1 535:1 537:1 542:1 555:1 557:2 559:1 561:3 562:1 563:1 564:3 565:2 566:3 567:2 568:6 569:2 570:1 571:2 572:1 574:1 581:1 589:1 593:2 600:1 601:1 603:2 617:1 621:1 622:1 629:1 636:1 642:1 657:1 685:1"/>
  </symbol>
  <symbol id="4" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_SUM" site="1" prev-site="3" occurrences="82">
   <side role="member" flags="" events="82" rbytes-events="82" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="82" mean="2242.829268292683" min="1979" max="3330" shift="329" buckets="546:2 548:4 551:3 552:5 553:21 554:27 555:6 556:5 557:3 559:1 562:1 565:1 566:1 567:1 581:1"/>
   <compute-cpu count="82" mean="2242.829268292683" min="1979" max="3330" shift="329" buckets="546:2 548:4 551:3 552:5 553:21 554:27 555:6 556:5 557:3 559:1 562:1 565:1 566:1 567:1 581:1"/>
   <duration count="82" mean="840.939024390244" min="315" max="4333" buckets="411:1 412:1 414:2 416:4 417:2 418:5 419:4 420:1 421:3 422:2 424:1 427:1 428:3 429:1 430:1 431:2 439:2 440:1 441:1 446:1 471:1 480:1 483:1 484:2 486:2 487:5 489:3 490:4 491:1 492:2 493:1 494:2 495:1 496:2 497:1 500:2 502:2 503:1 543:1 550:1 551:1 553:1 555:1 556:1 560:1 566:1 602:1"/>
  </symbol>
  <symbol id="5" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_SUM" site="1" prev-site="1" occurrences="80">
   <side role="member" flags="" events="80" rbytes-events="80" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="80" mean="2142.675" min="1962" max="2569" shift="329" buckets="544:4 546:30 548:5 555:24 556:15 557:1 562:1"/>
   <compute-cpu count="80" mean="2142.675" min="1962" max="2569" shift="329" buckets="544:4 546:30 548:5 555:24 556:15 557:1 562:1"/>
   <duration count="80" mean="540.4" min="364" max="1934" buckets="421:1 423:1 424:1 427:1 428:1 429:2 430:1 432:1 433:1 434:3 435:3 436:1 437:1 438:1 440:1 441:1 442:2 443:3 444:2 445:2 446:2 447:2 448:7 449:4 450:7 451:7 452:3 453:2 454:1 455:3 456:2 458:1 460:1 461:1 462:1 466:2 467:1 481:1 535:1 544:1"/>
  </symbol>
  <symbol id="6" call="MPI_Finalize" comm="0" site="4" prev-site="1" occurrences="2">
   <side role="member" flags="" events="2" rbytes-events="2" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="2" mean="55714" min="26394" max="85034" shift="329" buckets="730:1 815:1"/>
   <compute-cpu count="2" mean="25895" min="25812" max="25978" shift="329" buckets="728:1 729:1"/>
   <duration count="2" mean="0" min="0" max="0" zeros="2" buckets=""/>
  </symbol>
  <block id="0" events="4" time-ns="12478.635975609757">
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
  </block>
  <block id="1" events="166" time-ns="898962.5">
   <s ref="0"/>
   <s ref="1"/>
   <loop body="0" count="40"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="6"/>
  </block>
  <dominant block="0" count="40" share="0.555246118747323" iteration-ns="12478.635975609757"/>
 </class>
</signature>
